import type { Passkey, PasskeyRegistrationOptions } from '@piste/contracts';
import * as webAuthn from '@simplewebauthn/browser';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import * as passkeysApi from '../../api/passkeys';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/toast';
import { usePasskeysStore } from '../../stores/passkeys';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { PasskeysSection } from './PasskeysSection';

jest.mock('../../api/passkeys');
// Loaded with import() by the section: the mock is the browser's passkey prompt.
jest.mock('@simplewebauthn/browser');
jest.mock('../../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const api = jest.mocked(passkeysApi);
const browser = jest.mocked(webAuthn);
const toast = jest.mocked(notify);

// jsdom has no modal dialogs; removing a passkey asks in one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const phone: Passkey = {
  id: 'p1',
  name: 'Pixel 9',
  createdAt: ago(3 * 24 * HOUR),
  lastUsedAt: ago(2 * HOUR),
  backedUp: true,
};
const key: Passkey = { id: 'p2', name: 'Security key', createdAt: ago(0), lastUsedAt: null, backedUp: false };
const added: Passkey = { ...key, id: 'p3', name: 'Chrome on Android' };

const options: PasskeyRegistrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Piste' },
  user: { id: 'dXNlcg', name: 'claire', displayName: 'Claire Dubois' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const registration: RegistrationResponseJSON = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ9', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A browser with the WebAuthn API, or without it (as jsdom is). */
function browserWithWebAuthn(yes: boolean) {
  if (yes) Object.assign(globalThis, { PublicKeyCredential: function PublicKeyCredential() {} });
  else delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  browser.browserSupportsWebAuthn.mockReturnValue(yes);
}

beforeEach(async () => {
  jest.resetAllMocks();
  usePasskeysStore.getState().reset();
  browserWithWebAuthn(true);
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
  api.fetchPasskeys.mockResolvedValue([phone, key]);
  api.fetchRegistrationOptions.mockResolvedValue(options);
  api.addPasskey.mockResolvedValue(added);
  browser.startRegistration.mockResolvedValue(registration);
  await usePasskeysStore.getState().load();
});
afterAll(() => browserWithWebAuthn(false));
const view = mountEach(() => null);
/** Shows the section, and lets it learn (from the library, loaded on demand) whether the browser makes passkeys. */
let mounts = 0;
const show = () => settle(() => view.render(<PasskeysSection key={++mounts} />));
beforeEach(show);

const host = () => view.host();
const text = () => host().textContent ?? '';
const rows = () => [...host().querySelectorAll<HTMLElement>('[data-testid=passkey]')];
const byId = <T extends HTMLElement>(id: string) => host().querySelector<T>(`#${id}`);
const button = (name: string, within: ParentNode = host()) =>
  [...within.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name || b.textContent === name,
  ) ?? null;
const click = (name: string, within?: ParentNode) => settle(() => button(name, within)!.click());
const submit = () => settle(() => host().querySelector('form')!.requestSubmit());

describe('PasskeysSection', () => {
  it('says what a passkey is and lists each with when it was added and last used', () => {
    expect(host().querySelector('h2')?.textContent).toBe('Passkeys');
    expect(text()).toContain(
      'A passkey lets you sign in with your fingerprint, face or screen lock instead of a password.',
    );
    const [first, second] = rows();
    expect(first.textContent).toContain('Pixel 9');
    expect(first.textContent).toContain('Synced');
    expect(first.textContent).toContain('Added 3 days ago · Last used 2 hours ago');
    expect(second.textContent).toContain('Security key');
    expect(second.textContent).not.toContain('Synced');
    expect(second.textContent).toContain('Added just now · Not used yet');
    expect(button('Add a passkey')).not.toBeNull();
  });

  it('says so when there are none', async () => {
    await settle(() => usePasskeysStore.setState({ passkeys: [] }));
    expect(text()).toContain('You have no passkeys yet.');
    expect(host().querySelector('ul')).toBeNull();
  });

  it('adds a passkey named after this browser, through the browser’s prompt', async () => {
    await click('Add a passkey');
    const name = byId<HTMLInputElement>('new-passkey-name')!;
    expect(name.value).toBe('Chrome on Android');
    expect(document.activeElement).toBe(name);
    await submit();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(api.addPasskey).toHaveBeenCalledWith({ response: registration, name: 'Chrome on Android' });
    expect(rows()).toHaveLength(3);
    expect(rows()[2].textContent).toContain('Chrome on Android');
    expect(byId('new-passkey-name')).toBeNull();
    expect(button('Add a passkey')).not.toBeNull();
  });

  it('takes the name typed, and wants one', async () => {
    await click('Add a passkey');
    typeInto(byId<HTMLInputElement>('new-passkey-name')!, '   ');
    await submit();
    expect(byId('new-passkey-name-error')?.textContent).toBe('Give the passkey a name');
    expect(api.fetchRegistrationOptions).not.toHaveBeenCalled();
    typeInto(byId<HTMLInputElement>('new-passkey-name')!, ' Work laptop ');
    await submit();
    expect(api.addPasskey).toHaveBeenCalledWith({ response: registration, name: 'Work laptop' });
  });

  it('keeps the form, with no error, when the browser’s prompt is cancelled', async () => {
    browser.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await click('Add a passkey');
    await submit();
    expect(api.addPasskey).not.toHaveBeenCalled();
    expect(host().querySelector('[role=alert]')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(byId('new-passkey-name')).not.toBeNull();
    expect(button('Create passkey')?.disabled).toBe(false);
  });

  it('shows the server’s refusal above the name', async () => {
    api.addPasskey.mockRejectedValueOnce(new ApiError('That passkey could not be checked. Try again.', 400));
    await click('Add a passkey');
    await submit();
    expect(host().querySelector('[role=alert]')?.textContent).toBe(
      'That passkey could not be checked. Try again.',
    );
    expect(toast.error).toHaveBeenCalledWith(
      'Passkey not added',
      'That passkey could not be checked. Try again.',
    );
    expect(rows()).toHaveLength(2);
  });

  it('hides Add a passkey, saying why, where the browser cannot make passkeys', async () => {
    browserWithWebAuthn(false);
    await show();
    expect(button('Add a passkey')).toBeNull();
    expect(text()).toContain('This browser cannot make passkeys. Add one from a phone or computer that can.');
    // What is there can still be renamed and removed.
    expect(button('Rename Pixel 9')).not.toBeNull();
    expect(button('Remove Pixel 9')).not.toBeNull();
  });

  it('hides it too when the library says no', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    await show();
    expect(button('Add a passkey')).toBeNull();
    expect(text()).toContain('This browser cannot make passkeys.');
  });

  it('renames a passkey in its row', async () => {
    api.renamePasskey.mockResolvedValueOnce({ ...phone, name: 'Work phone' });
    await click('Rename Pixel 9');
    const name = byId<HTMLInputElement>('passkey-name-p1')!;
    expect(name.value).toBe('Pixel 9');
    typeInto(name, 'Work phone');
    await submit();
    expect(api.renamePasskey).toHaveBeenCalledWith('p1', 'Work phone');
    expect(byId('passkey-name-p1')).toBeNull();
    expect(rows()[0].textContent).toContain('Work phone');
  });

  it('keeps the rename form with the refusal, and Cancel leaves the name as it was', async () => {
    api.renamePasskey.mockRejectedValueOnce(new ApiError('Passkey not found', 404));
    await click('Rename Pixel 9');
    typeInto(byId<HTMLInputElement>('passkey-name-p1')!, 'Work phone');
    await submit();
    expect(host().querySelector('[role=alert]')?.textContent).toBe('Passkey not found');
    await click('Cancel', rows()[0]);
    expect(byId('passkey-name-p1')).toBeNull();
    expect(rows()[0].textContent).toContain('Pixel 9');
  });

  it('removes a passkey once confirmed', async () => {
    await click('Remove Security key');
    const dialog = host().querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('Remove “Security key”?');
    await click('Remove', dialog);
    expect(api.removePasskey).toHaveBeenCalledWith('p2');
    expect(rows()).toHaveLength(1);
    expect(dialog.open).toBe(false);
  });

  it('removes nothing when the question is cancelled', async () => {
    await click('Remove Pixel 9');
    await click('Cancel', host().querySelector('dialog')!);
    expect(api.removePasskey).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);
  });
});
