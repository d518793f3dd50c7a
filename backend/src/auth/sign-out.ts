import type { Request } from 'express';

/** Runs a callback-style session call (passport's logIn and logOut, express-session's destroy) as a promise. */
export function settle(run: (done: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) =>
    run((err) => (err ? reject(err instanceof Error ? err : new Error('Session error')) : resolve())),
  );
}

/**
 * Signs this browser out: its session is destroyed and its cookie cleared. Returns the ended session's id (its
 * sockets are the caller's to end, on every replica), or undefined when there was none.
 */
export async function signOut(request: Request): Promise<string | undefined> {
  const sessionId = request.session ? request.sessionID : undefined;
  await settle((done) => request.logOut(done));
  await new Promise<void>((resolve) =>
    request.session ? request.session.destroy(() => resolve()) : resolve(),
  );
  request.res?.clearCookie('piste.sid');
  return sessionId;
}
