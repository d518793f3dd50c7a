import { PASSWORD } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { signedIn, submitLogin } from './ui';

/** The authenticator app's code for `secret`, `aheadSeconds` from now. */
async function appCode(secret: string, aheadSeconds = 0): Promise<string> {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + aheadSeconds });
}

describeInBrowser('two-factor sign-in', () => {
  const journey = journeyFixture();

  it('turns the authenticator app on in Settings, then asks for its code after the password', async () => {
    const { page, user } = await journey.signUpByApi('guarded');
    await page.goto('/settings?tab=security');

    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Set up' }).click();
    await section.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).not.toBe('');

    await section.getByLabel('Code from the app').fill(await appCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('button', { name: 'I saved them' }).waitFor();
    await expect(
      section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(),
    ).resolves.toBe(10);
    await section.getByRole('button', { name: 'I saved them' }).click();
    await section.getByText('10 recovery codes left.').waitFor();

    await page.getByRole('link', { name: 'Your profile' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Login' }).waitFor();

    await submitLogin(page, user.username, PASSWORD);
    const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
    await code.waitFor();
    // The code that turned it on is used up: the app's next one, within the accepted drift.
    await code.fill(await appCode(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.getByText(`Logged in as ${user.username}`).waitFor();
  });
});
