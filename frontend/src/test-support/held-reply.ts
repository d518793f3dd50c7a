/** A reply a test holds back and gives when it chooses: after a newer call has landed, or a view has left. */
export function heldReply<T>(): { promise: Promise<T>; give: (value: T) => void } {
  let give: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (give = resolve));
  return { promise, give };
}
