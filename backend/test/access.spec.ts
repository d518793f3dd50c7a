import { IS_PUBLIC } from '../src/common/decorators';
import { ApiClient, appRoutes, useTestApp } from './helpers';

/** Closed by default: walks every route and checks that only the deliberate few are public. */
describe('route access', () => {
  const t = useTestApp();

  const PUBLIC_ROUTES = [
    'POST /api/register',
    'POST /api/login',
    // The second step of a sign-in: the session the password step started is the permission.
    'POST /api/login/2fa',
    // Signing in with a passkey: the signed challenge is the proof.
    'POST /api/login/passkey',
    'POST /api/login/passkey/options',
    'POST /api/logout',
    'GET /api/user',
    'GET /api/health',
    'GET /health/live',
    'GET /health/ready',
    // Authorised by its single-use, expiring token, like a presigned storage URL.
    'PUT /api/objects/upload/:token',
    // Recovering an account and following a mailed link: the mailbox is the proof, not a session.
    'POST /api/password/forgot',
    'POST /api/password/reset',
    'POST /api/account/verify-email',
    'POST /api/account/email/confirm',
    // A calendar app subscribing to a personal feed cannot sign in: its secret, revocable token is the permission.
    'GET /api/calendar/:token.ics',
  ];

  const routes = () => appRoutes(t).map((r) => ({ ...r, isPublic: r.marked(IS_PUBLIC) }));

  it('marks only the intended routes public', () => {
    const publicRoutes = routes()
      .filter((r) => r.isPublic)
      .map((r) => r.route)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 to a signed-out caller on every guarded route', async () => {
    const client = new ApiClient(t.url);
    const guarded = routes().filter((r) => !r.isPublic);
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const path = r.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await client.request(
        r.method,
        path,
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect({ route: r.route, status: res.status }).toEqual({ route: r.route, status: 401 });
    }
  });
});
