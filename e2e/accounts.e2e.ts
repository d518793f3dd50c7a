import { FORGOT_PASSWORD_REPLY, INVALID_LINK_MESSAGE } from '@piste/contracts';
import type { Page } from 'playwright-core';
import { logInByApi, ok, PASSWORD } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { linkIn, waitForMail } from './mail';
import { feedLoaded, live, screenshot, signedIn, submitLogin } from './ui';

const NEW_PASSWORD = 'new-secret-456';
/** A phone's browser, so the Security tab's list tells the two browsers apart. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const emailOf = (username: string) => `${username}@example.com`;

/** The strip that asks a new fencer to confirm their address. */
const verificationBanner = (page: Page) => page.getByRole('region', { name: 'Email confirmation' });

/** Opens Settings on the Security tab and waits for the list of browsers. */
async function openSecurity(page: Page): Promise<void> {
  await page.goto('/settings?tab=security');
  await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
  await page.getByTestId('account-session').filter({ hasText: 'This browser' }).waitFor();
}

/** Fills the Change password form and sends it. */
async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.locator('#change-password-current-password').fill(current);
  await page.locator('#change-password-new-password').fill(next);
  await page.locator('#change-password-confirm-password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
}

/** A signed-out tab shows the sign-in screen, its session gone (live, or on its next request). */
async function signedOut(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Login' }).waitFor({ timeout: 20_000 });
}

describeInBrowser('accounts: getting back in, confirming the address, securing the account', () => {
  const journey = journeyFixture();

  it('forgot password: the mailed link sets a new password, once, and only the new one signs in', async () => {
    const { context, page, user } = await journey.signUpByApi('forgetful');
    await ok(context.request.post('/api/logout'));

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    // Nothing is sent without a login.
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.locator('#forgot-login-error').getByText('Enter your username or email').waitFor();

    await page.getByLabel('Username or email').fill(user.username);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').getByText(FORGOT_PASSWORD_REPLY).waitFor();
    await screenshot(page, 'accounts-forgot-sent');

    const mail = await waitForMail(journey.outbox(), emailOf(user.username), { subject: /reset/i });
    const link = linkIn(mail, '/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.locator('#reset-password').fill(NEW_PASSWORD);
    await page.locator('#reset-confirm-password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.locator('#reset-confirm-password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();

    // A toast, and the sign-in screen.
    await page.locator('[data-toast-variant="success"]', { hasText: 'Password reset' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();

    // The link worked once.
    await page.goto(link);
    await page.locator('#reset-password').fill('another-secret-789');
    await page.locator('#reset-confirm-password').fill('another-secret-789');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.getByText(INVALID_LINK_MESSAGE).waitFor();
    await screenshot(page, 'accounts-reset-link-used');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();

    // The old password no longer signs in; the new one does.
    await page.goto('/');
    await submitLogin(page, user.username, PASSWORD);
    await page.getByText('Invalid username or password').first().waitFor();
    await submitLogin(page, user.username, NEW_PASSWORD);
    await signedIn(page);
  });

  it('a link that cannot be a token is refused without asking', async () => {
    const { page } = await journey.newTab();
    await page.goto('/reset-password?token=not-a-token');
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.goto('/verify-email');
    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await page.getByText('Sign in to ask for a new link.').waitFor();
    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
  });

  it('a new fencer confirms their address from the mail, and the banner goes in every tab', async () => {
    const { context, page, username } = await journey.signUp('newcomer');
    const banner = verificationBanner(page);
    await banner.getByText('Please confirm your email address: we sent you a link.').waitFor();
    await screenshot(page, 'accounts-verification-banner', { fullPage: false });
    await screenshot(page, 'accounts-verification-banner', { fullPage: false, phone: true });

    // A new link replaces the one mailed at registration.
    const first = await waitForMail(journey.outbox(), emailOf(username), { subject: /confirm/i });
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await page.locator('[data-toast-variant="success"]', { hasText: 'Link sent' }).waitFor();
    const resent = await waitForMail(journey.outbox(), emailOf(username), {
      subject: /confirm/i,
      not: [first],
    });

    // Followed in another tab of the same browser: both drop the banner.
    const mailTab = await context.newPage();
    await mailTab.goto(linkIn(resent, '/verify-email'));
    await mailTab.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await screenshot(mailTab, 'accounts-verify-email-done');
    await verificationBanner(mailTab).waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });

    // The first link died with the resend.
    await mailTab.goto(linkIn(first, '/verify-email'));
    await mailTab.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await mailTab.getByText(INVALID_LINK_MESSAGE).waitFor();
    await mailTab.getByRole('link', { name: 'Continue' }).click();
    await feedLoaded(mailTab);

    // The settings say so too, and after a reload the banner stays away.
    await page.goto('/settings');
    await page.getByRole('tabpanel').getByText('Verified', { exact: true }).waitFor();
    await expect(verificationBanner(page).count()).resolves.toBe(0);
  });

  it('changing the email: a link to the new address makes the change', async () => {
    const { page, user } = await journey.signUpByApi('mover');
    await page.goto('/settings');
    await page.getByRole('tabpanel').getByText(emailOf(user.username)).waitFor();
    const newEmail = `${user.username}.new@example.com`;
    await page.locator('#change-email-email').fill(newEmail);
    await page.locator('#change-email-password').fill('wrong-password');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.locator('#change-email-password-error').getByText('Current password is incorrect').waitFor();

    await page.locator('#change-email-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByRole('status').getByText(`We have sent a link to ${newEmail}`).waitFor();
    await page.getByText(`Waiting for confirmation: ${newEmail}`).waitFor();

    const mail = await waitForMail(journey.outbox(), newEmail);
    const link = linkIn(mail, '/verify-email');
    expect(new URLSearchParams(link.split('?')[1]).get('change')).toBe('1');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email address changed' }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('tabpanel').getByText(newEmail).waitFor();
    await page.getByText('Waiting for confirmation').waitFor({ state: 'detached' });
  });

  it('changing the password in one browser signs the other out, live', async () => {
    const a = await journey.signUpByApi('twobrowsers');
    const b = await journey.newTab({ userAgent: PHONE_AGENT, viewport: { width: 390, height: 844 } });
    await logInByApi(b.context.request, a.user.username);
    await b.page.goto('/epee');
    await feedLoaded(b.page);
    await live(b.page);

    await openSecurity(a.page);
    await expect(a.page.getByTestId('account-session').count()).resolves.toBe(2);
    await a.page.getByTestId('account-session').filter({ hasText: 'Android' }).waitFor();

    await changePassword(a.page, 'not-my-password', NEW_PASSWORD);
    await a.page
      .locator('#change-password-current-password-error')
      .getByText('Current password is incorrect')
      .waitFor();

    await changePassword(a.page, PASSWORD, NEW_PASSWORD);
    await a.page.locator('[data-toast-variant="success"]', { hasText: 'Password changed' }).waitFor();
    await a.page.getByText('This is the only browser signed in to your account.').waitFor();

    // B's socket is closed; it finds itself signed out without doing anything.
    await signedOut(b.page);

    // A is still signed in (with a new cookie), across a reload.
    await a.page.reload();
    await signedIn(a.page);
    await a.page.getByTestId('account-session').filter({ hasText: 'This browser' }).waitFor();

    // B signs in again, with the new password only.
    await submitLogin(b.page, a.user.username, PASSWORD);
    await b.page.getByText('Invalid username or password').first().waitFor();
    await submitLogin(b.page, a.user.username, NEW_PASSWORD);
    await signedIn(b.page);
  });

  it('signs out one other browser, then all the others, each after a confirmation', async () => {
    const a = await journey.signUpByApi('careful');
    const phone = await journey.newTab({ userAgent: PHONE_AGENT });
    const laptop = await journey.newTab();
    for (const tab of [phone, laptop]) {
      await logInByApi(tab.context.request, a.user.username);
      await tab.page.goto('/epee');
      await feedLoaded(tab.page);
      await live(tab.page);
    }

    await openSecurity(a.page);
    await expect(a.page.getByTestId('account-session').count()).resolves.toBe(3);
    await screenshot(a.page, 'accounts-security-three-browsers');

    const phoneRow = a.page.getByTestId('account-session').filter({ hasText: 'Android' });
    await phoneRow.getByRole('button', { name: /^Sign out / }).click();
    const dialog = a.page.getByRole('dialog', { name: /^Sign out .*Android/ });
    await dialog.waitFor();
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await phoneRow.getByRole('button', { name: /^Sign out / }).click();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await a.page
      .locator('[data-toast-variant="success"]', { hasText: 'That browser was signed out.' })
      .waitFor();
    await phoneRow.waitFor({ state: 'detached' });
    await signedOut(phone.page);
    await expect(laptop.page.getByRole('link', { name: 'Your profile' }).count()).resolves.toBe(1);

    await a.page.getByRole('button', { name: 'Sign out all other browsers' }).click();
    const all = a.page.getByRole('dialog', { name: 'Sign out all other browsers?' });
    await all.getByRole('button', { name: 'Sign out all' }).click();
    await a.page
      .locator('[data-toast-variant="success"]', { hasText: 'Every other browser was signed out.' })
      .waitFor();
    await a.page.getByText('This is the only browser signed in to your account.').waitFor();
    await signedOut(laptop.page);

    await a.page.reload();
    await signedIn(a.page);
  });
});
