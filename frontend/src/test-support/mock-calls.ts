/** What the mock was called with first, failing the test unless it was called exactly once. */
export function argumentOfOnlyCall<Args extends unknown[]>(mock: jest.MockInstance<unknown, Args>): Args[0] {
  expect(mock).toHaveBeenCalledTimes(1);
  return mock.mock.calls[0][0];
}
