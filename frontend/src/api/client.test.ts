import { z } from 'zod';
import { api, ApiError, errorMessage, errorTextOf } from './client';

describe("the spec's error-text rule", () => {
  it("takes the reply's message, else its error, else the status text", () => {
    expect(errorTextOf('{"message":"Post already liked","error":"Conflict"}', 'Conflict')).toBe(
      'Post already liked',
    );
    expect(errorTextOf('{"error":"Forbidden"}', 'Forbidden status')).toBe('Forbidden');
    expect(errorTextOf('{"message":"","error":""}', 'Bad Request')).toBe('Bad Request');
    expect(errorTextOf('{"message":42}', 'Bad Request')).toBe('Bad Request');
  });

  it("falls back to the status text, or 'Request failed', when the body is not JSON", () => {
    expect(errorTextOf('<html>Bad gateway</html>', 'Bad Gateway')).toBe('Bad Gateway');
    expect(errorTextOf('', '')).toBe('Request failed');
    expect(errorTextOf('null', '')).toBe('Request failed');
  });
});

describe('api', () => {
  /** What `fetch` resolves with, as far as the client reads it. */
  const reply = (status: number, body: string, statusText = '') =>
    Promise.resolve({
      ok: status >= 200 && status < 300,
      status,
      statusText,
      text: () => Promise.resolve(body),
    });
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock;
  });

  it('sends JSON with the session cookie and checks the reply against the schema', async () => {
    fetchMock.mockReturnValue(reply(201, '{"id":"p-1"}'));
    await expect(api.post('/api/posts', { content: 'Lunge' }, z.object({ id: z.string() }))).resolves.toEqual(
      {
        id: 'p-1',
      },
    );
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/posts');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"content":"Lunge"}' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it("throws an ApiError with the spec's text and the status on a non-OK reply", async () => {
    fetchMock.mockReturnValue(reply(409, '{"message":"Post already liked"}', 'Conflict'));
    const failure = api.post('/api/likes', { postId: 'p-1' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Post already liked', status: 409 });
  });

  it('says so when the server cannot be reached, or answers what the contract does not allow', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/user')).rejects.toMatchObject({ status: 0 });
    fetchMock.mockReturnValue(reply(200, '{"id":42}'));
    await expect(api.get('/api/user', z.object({ id: z.string() }))).rejects.toMatchObject({
      message: 'Unexpected reply from GET /api/user',
    });
    fetchMock.mockReturnValue(reply(200, 'not json'));
    await expect(api.get('/api/user')).rejects.toMatchObject({
      message: 'The server sent a reply that is not JSON',
    });
  });

  it('resolves an empty reply (204) as nothing', async () => {
    fetchMock.mockReturnValue(reply(204, ''));
    await expect(api.delete('/api/notifications/n-1')).resolves.toBeUndefined();
  });
});

describe('errorMessage', () => {
  it("shows an error's own message, else the fallback", () => {
    expect(errorMessage(new ApiError('Forbidden', 403), 'Failed')).toBe('Forbidden');
    expect(errorMessage('oops', 'Failed to hide post')).toBe('Failed to hide post');
  });
});
