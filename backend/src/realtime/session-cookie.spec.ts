import { SESSION_COOKIE } from '../auth/session.middleware';
import { signedSessionCookie } from '../../test/minted-sessions';
import { signedSessionId } from './session-cookie';

const SECRET = 'a-session-secret-for-tests';

/** The cookie value express-session sets: `s:` + id + '.' + HMAC-SHA256, URI-encoded. */
const sessionCookie = (sessionId: string, secret = SECRET) => signedSessionCookie(secret, sessionId);

describe('signedSessionId', () => {
  it('reads the id of a signed session cookie among others', () => {
    expect(signedSessionId(`theme=dark; ${sessionCookie('abc123')}; lang=fr`, SECRET)).toBe('abc123');
  });

  it('takes the first session cookie, as express-session does', () => {
    const header = `${sessionCookie('first')}; ${sessionCookie('second')}`;
    expect(signedSessionId(header, SECRET)).toBe('first');
  });

  it.each([
    ['no header', undefined],
    ['no session cookie', 'theme=dark'],
    ['an unsigned id', `${SESSION_COOKIE}=abc123`],
    ['a signature made with another secret', sessionCookie('abc123', 'another-secret-entirely')],
    ['a tampered id', sessionCookie('abc123').replace('abc123', 'abc124')],
    ['broken percent-encoding', `${SESSION_COOKIE}=s%3Aabc%E0%A4%A`],
  ])('finds none with %s', (_case, header) => {
    expect(signedSessionId(header, SECRET)).toBeNull();
  });
});
