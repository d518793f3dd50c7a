import * as accountApi from '../api/account';
import * as authApi from '../api/auth';
import { notify } from '../lib/toast';
import { useEmailVerificationStore } from '../stores/email-verification';
import { useSessionStore } from '../stores/session';
import { mountEach, settle } from '../test-support/mounted';
import { sessionUser } from '../test-support/session-user';
import { EmailVerificationBanner } from './EmailVerificationBanner';

jest.mock('../api/account');
jest.mock('../api/auth');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const auth = jest.mocked(authApi);
const toast = jest.mocked(notify);

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire', emailVerified: false });

beforeEach(() => {
  jest.resetAllMocks();
  useEmailVerificationStore.setState({ links: {}, resending: false });
  useSessionStore.setState({ user: claire, status: 'ready' });
});
const view = mountEach(() => <EmailVerificationBanner />);
const banner = () => view.host().querySelector('section[aria-label="Email confirmation"]');
const resendButton = () => banner()!.querySelector('button')!;

describe('EmailVerificationBanner', () => {
  it('asks an unverified user to confirm their address, and sends a new link on request', async () => {
    expect(banner()?.textContent).toContain('Please confirm your email address: we sent you a link.');
    api.resendVerification.mockResolvedValue({ message: 'We have sent you a new link.' });
    await settle(() => resendButton().click());
    expect(api.resendVerification).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Link sent', 'We have sent you a new link.');
  });

  it('goes when the address is confirmed in another tab', async () => {
    expect(banner()).not.toBeNull();
    auth.fetchSessionUser.mockResolvedValue({ ...claire, emailVerified: true });
    await settle(() =>
      window.dispatchEvent(new StorageEvent('storage', { key: 'piste:address-confirmed', newValue: '1' })),
    );
    expect(banner()).toBeNull();
  });

  it('is not there for a verified user', async () => {
    await settle(() => useSessionStore.setState({ user: { ...claire, emailVerified: true } }));
    expect(banner()).toBeNull();
  });
});
