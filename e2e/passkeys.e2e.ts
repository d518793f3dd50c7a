import type { Page } from 'playwright-core';
import { ok, sessionUser } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { checkScreen, SCREEN_TAB, SCREENS_TIMEOUT } from './screen-checks';
import { screenshot, signedIn, submitLogin } from './ui';

/**
 * A phone's or laptop's built-in authenticator (Chromium's virtual one, through CDP), unlocked by its owner
 * whenever asked; `synced` makes passkeys that a keychain or password manager would copy to other devices.
 */
async function addAuthenticator(page: Page, { synced = false } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      defaultBackupEligibility: synced,
      defaultBackupState: synced,
    },
  });
  return {
    /** The credentials it holds. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Takes it away, as when a person picks up another device. */
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}

/** The authenticator app's current code for `secret`. */
async function appCode(secret: string): Promise<string> {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const passkeyRow = (page: Page, name: string) =>
  passkeysSection(page).getByTestId('passkey').filter({ hasText: name });

/** Adds a passkey in Settings → Security under `name` (the browser's own name when not given). */
async function addPasskey(page: Page, name?: string): Promise<string> {
  await page.goto('/settings?tab=security');
  const section = passkeysSection(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const field = section.getByLabel('Name for this passkey');
  if (name) await field.fill(name);
  const chosen = await field.inputValue();
  await section.getByRole('button', { name: 'Create passkey' }).click();
  await passkeyRow(page, chosen).waitFor();
  return chosen;
}

/** `{name}-{theme}-390.png` in both themes, at a phone's width (checkScreen's are 360 and 1440 px wide). */
async function phoneScreenshots(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      theme === 'dark',
    );
    await screenshot(page, `${name}-${theme}`, { phone: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Your profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('tab', { name: 'Login' }).waitFor();
}

describeInBrowser('passkeys', () => {
  // Browsers refuse an IP address as a passkey's site: these tabs open the app as http://localhost:PORT.
  const journey = journeyFixture({ localhost: true });

  it('are added in Security, sign in with no username or password, and stop once removed', async () => {
    const { page, username } = await journey.signUp('keyholder');
    const { id: userId } = await sessionUser(page.context().request);
    const authenticator = await addAuthenticator(page);

    await page.goto('/settings?tab=security');
    await passkeysSection(page).getByText('You have no passkeys yet.').waitFor();
    await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
    // Named after the browser to start with.
    await expect(passkeysSection(page).getByLabel('Name for this passkey').inputValue()).resolves.toBe(
      'Chrome on Linux',
    );
    await addPasskey(page, 'Work laptop');
    await page.getByText('Passkey added').waitFor();
    await passkeyRow(page, 'Work laptop').getByText('Not used yet').waitFor();

    // The authenticator keeps a discoverable credential for this site, naming the account by its id alone.
    const [credential, ...others] = await authenticator.credentials();
    expect(others).toEqual([]);
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(Buffer.from(credential.userHandle ?? '', 'base64').toString('hex')).toBe(userId.replace(/-/g, ''));

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await signedIn(page);
    await page.getByText(`Logged in as ${username}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(sessionUser(page.context().request)).resolves.toMatchObject({ id: userId, username });
    const [used] = await authenticator.credentials();
    expect(used.signCount).toBeGreaterThan(credential.signCount);

    await page.goto('/settings?tab=security');
    await passkeyRow(page, 'Work laptop').getByText('Last used just now').waitFor();
    await passkeyRow(page, 'Work laptop').getByRole('button', { name: 'Remove Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove “Work laptop”?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await passkeysSection(page).getByText('You have no passkeys yet.').waitFor();
    await page.getByText('“Work laptop” no longer signs you in.').waitFor();

    // The device still holds it, but it signs nobody in any more.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This passkey is not known to Piste. Sign in with your password.' })
      .first()
      .waitFor();
    await page.locator('#login-username').waitFor();
  });

  it('renames a passkey', async () => {
    const { page } = await journey.signUp('renamer');
    await addAuthenticator(page);
    await addPasskey(page, 'Phone');
    await passkeyRow(page, 'Phone').getByRole('button', { name: 'Rename Phone' }).click();
    await passkeysSection(page).getByLabel('Name', { exact: true }).fill('Pixel 9');
    await passkeysSection(page).getByRole('button', { name: 'Save' }).click();
    await passkeyRow(page, 'Pixel 9').getByRole('button', { name: 'Rename Pixel 9' }).waitFor();
    await page.reload();
    await passkeyRow(page, 'Pixel 9').waitFor();
  });

  it('signs in an account with two-factor sign-in on without asking for a code', async () => {
    const { page, user } = await journey.signUpByApi('guarded');
    const { request } = page.context();
    const { secret } = await ok<{ secret: string }>(request.post('/api/account/2fa/totp/setup'));
    await ok(request.post('/api/account/2fa/totp/enable', { data: { code: await appCode(secret) } }));
    await addAuthenticator(page);
    await addPasskey(page);

    await signOut(page);
    // The password alone is not enough now…
    await submitLogin(page, user.username);
    await page.getByLabel('Enter the 6-digit code from your authenticator app').waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    // …but the passkey is both factors.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await signedIn(page);
    await page.getByText(`Logged in as ${user.username}`).waitFor();
    await expect(page.locator('#login-code').count()).resolves.toBe(0);
  });

  it('say where they work to a page opened by its IP address', async () => {
    const { page } = await journey.signUpByApi(
      'by_address',
      {},
      {
        baseURL: `http://127.0.0.1:${journey.app.port}`,
      },
    );
    await addAuthenticator(page);
    await page.goto('/settings?tab=security');
    await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
    await passkeysSection(page).getByRole('button', { name: 'Create passkey' }).click();
    await passkeysSection(page)
      .getByRole('alert')
      .filter({ hasText: 'Passkeys work only at localhost. Open Piste there.' })
      .waitFor();
    await passkeysSection(page).getByText('You have no passkeys yet.').waitFor();
  });

  it(
    'Security lists them, synced or not, and the sign-in screen offers them (screens)',
    async () => {
      const { page } = await journey.signUp('screens', SCREEN_TAB);
      // A laptop's own authenticator, then a phone whose passkeys sync through its keychain.
      const laptop = await addAuthenticator(page);
      await addPasskey(page, 'Work laptop');
      await laptop.remove();
      await addAuthenticator(page, { synced: true });
      await addPasskey(page, 'Pixel 9');
      await passkeyRow(page, 'Pixel 9').getByText('Synced').waitFor();
      await expect(passkeyRow(page, 'Work laptop').getByText('Synced').count()).resolves.toBe(0);
      await page.getByText('Passkey added').first().waitFor({ state: 'detached', timeout: 15_000 });

      await checkScreen(page, 'passkeys-security');
      await phoneScreenshots(page, 'passkeys-security');
      await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
      await passkeysSection(page).getByLabel('Name for this passkey').waitFor();
      await checkScreen(page, 'passkeys-add');
      await passkeysSection(page).getByRole('button', { name: 'Cancel' }).click();

      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      await page.getByText('Logged out', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
      await checkScreen(page, 'passkeys-sign-in');
      await phoneScreenshots(page, 'passkeys-sign-in');
    },
    SCREENS_TIMEOUT * 2,
  );
});
