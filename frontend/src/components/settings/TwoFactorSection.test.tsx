import { act } from 'react';
import { TextEncoder } from 'node:util';
import * as twoFactorApi from '../../api/two-factor';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/toast';
import { useTwoFactorStore } from '../../stores/two-factor';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { TwoFactorSection } from './TwoFactorSection';

jest.mock('../../api/two-factor');
jest.mock('../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
// jsdom has no TextEncoder; the QR code's encoder needs one, as every browser has.
globalThis.TextEncoder ??= TextEncoder;
const api = jest.mocked(twoFactorApi);
const toast = jest.mocked(notify);

const SECRET = 'JBSWY3DPEHPK3PXP';
const OTPAUTH_URL = `otpauth://totp/Piste:claire?secret=${SECRET}&issuer=Piste`;
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

beforeEach(async () => {
  jest.resetAllMocks();
  useTwoFactorStore.getState().reset();
  api.fetchTwoFactorStatus.mockResolvedValue({ totp: false, recoveryCodesLeft: 0 });
  api.setupTotp.mockResolvedValue({ secret: SECRET, otpauthUrl: OTPAUTH_URL });
  api.enableTotp.mockResolvedValue({ recoveryCodes: CODES });
  await useTwoFactorStore.getState().load();
});
const view = mountEach(() => <TwoFactorSection />);

const text = () => view.host().textContent ?? '';
const byId = <T extends HTMLElement>(id: string) => view.host().querySelector<T>(`#${id}`);
const button = (label: string) =>
  [...view.host().querySelectorAll('button')].find((b) => b.textContent === label) ?? null;
const click = (label: string) => settle(() => button(label)!.click());
const submit = () => settle(() => view.host().querySelector('form')!.requestSubmit());
/** Lets the QR code, drawn asynchronously, arrive. */
const drawn = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

async function setUp() {
  await click('Set up');
  await drawn();
}

describe('TwoFactorSection', () => {
  it('offers to set it up while it is off', () => {
    expect(text()).toContain('Two-factor sign-in is off.');
    expect(button('Set up')).not.toBeNull();
  });

  it('shows a QR code of the app’s address and the secret to type in', async () => {
    await setUp();
    expect(api.setupTotp).toHaveBeenCalledTimes(1);
    const qr = view.host().querySelector('img');
    expect(qr?.getAttribute('alt')).toBe('QR code to scan with your authenticator app');
    expect(qr?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr!.getAttribute('src')!)).toContain('<svg');
    expect(view.host().querySelector('[data-testid=totp-secret]')?.textContent).toBe(SECRET);
    expect(byId('totp-setup-code')?.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('checks the code before turning it on', async () => {
    await setUp();
    typeInto(byId<HTMLInputElement>('totp-setup-code')!, '12');
    await submit();
    expect(byId('totp-setup-code-error')?.textContent).toBe('Enter the 6-digit code from your app');
    expect(api.enableTotp).not.toHaveBeenCalled();
  });

  it('shows a refused code beside the form and stays in the setup', async () => {
    api.enableTotp.mockRejectedValueOnce(new ApiError('That code is not right', 400));
    await setUp();
    typeInto(byId<HTMLInputElement>('totp-setup-code')!, '123456');
    await submit();
    expect(view.host().querySelector('[role=alert]')?.textContent).toBe('That code is not right');
    expect(toast.error).toHaveBeenCalledWith('Two-factor sign-in not turned on', 'That code is not right');
    expect(view.host().querySelector('img')).not.toBeNull();
  });

  it('turns it on with a code, then shows the recovery codes once', async () => {
    await setUp();
    typeInto(byId<HTMLInputElement>('totp-setup-code')!, '123456');
    await submit();
    expect(api.enableTotp).toHaveBeenCalledWith('123456');
    const shown = [...view.host().querySelectorAll('[aria-label="Recovery codes"] li')].map(
      (li) => li.textContent,
    );
    expect(shown).toEqual(CODES);
    expect(button('Download')).not.toBeNull();
    expect(view.host().querySelector('img')).toBeNull();

    await click('I saved them');
    expect(text()).not.toContain(CODES[0]);
    expect(text()).toContain('Two-factor sign-in is on.');
    expect(text()).toContain('10 recovery codes left.');
    expect(button('Turn off')).not.toBeNull();
    expect(button('New recovery codes')).not.toBeNull();
  });

  it('turns it off with the password and a code', async () => {
    await settle(() => useTwoFactorStore.setState({ twoFactor: { totp: true, recoveryCodesLeft: 7 } }));
    expect(text()).toContain('7 recovery codes left.');
    await click('Turn off');
    typeInto(byId<HTMLInputElement>('turn-off-password')!, 'touche');
    typeInto(byId<HTMLInputElement>('turn-off-code')!, '654321');
    await submit();
    expect(api.disableTotp).toHaveBeenCalledWith({ password: 'touche', code: '654321' });
    expect(text()).toContain('Two-factor sign-in is off.');
  });

  it('makes new recovery codes for the password and shows them', async () => {
    api.regenerateRecoveryCodes.mockResolvedValue({ recoveryCodes: CODES });
    await settle(() => useTwoFactorStore.setState({ twoFactor: { totp: true, recoveryCodesLeft: 2 } }));
    await click('New recovery codes');
    await submit();
    expect(byId('recovery-codes-password-error')?.textContent).toBe('Enter your password');
    typeInto(byId<HTMLInputElement>('recovery-codes-password')!, 'touche');
    await submit();
    expect(api.regenerateRecoveryCodes).toHaveBeenCalledWith('touche');
    expect(view.host().querySelectorAll('[aria-label="Recovery codes"] li')).toHaveLength(10);
  });
});
