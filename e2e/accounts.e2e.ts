import { readFile } from 'node:fs/promises';
import {
  ACCOUNT_DELETED_REPLY,
  EXPORT_FILES,
  FORGOT_PASSWORD_REPLY,
  INVALID_LINK_MESSAGE,
  WRONG_CURRENT_PASSWORD,
} from '@piste/contracts';
import type { Page } from 'playwright-core';
import { unzip } from '../backend/test/zip-archive';
import { createPost, logInByApi, ok, PASSWORD, uniqueName } from './api';
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

/** Opens Settings on the Privacy and data tab and waits for the latest export's state. */
async function openPrivacy(page: Page): Promise<void> {
  await page.goto('/settings?tab=privacy');
  await page.getByRole('tab', { name: 'Privacy and data', selected: true }).waitFor();
  await page.getByTestId('export-state').waitFor();
}

const jsonIn = <T>(files: Map<string, Buffer>, name: string): T =>
  JSON.parse(files.get(name)?.toString('utf8') ?? 'null') as T;

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

  it('export then download: the archive is prepared, announced, and holds the profile and the posts', async () => {
    const { context, page, user } = await journey.signUpByApi('exporter');
    const content = `Parry four, riposte to the flank ${uniqueName('post')}`;
    await createPost(context.request, { content });

    await openPrivacy(page);
    const state = page.getByTestId('export-state');
    await state.getByText('No export yet').waitFor();
    await live(page);
    await page.getByRole('button', { name: 'Request export' }).click();
    await page.locator('[data-toast-variant="success"]', { hasText: 'Export requested' }).waitFor();
    await state.getByText('Your archive is being prepared').waitFor();
    // One a day: the button says until when.
    await page.getByText('You can request your next export from').waitFor();
    await expect(page.getByRole('button', { name: 'Request export' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'accounts-export-pending');

    // Ready within seconds: the bell says so, and the tab shows the download.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 20_000 });
    await state.getByText('Your archive is ready').waitFor();
    await state.getByText('Expires').waitFor();
    await screenshot(page, 'accounts-export-ready');
    await screenshot(page, 'accounts-export-ready', { phone: true });

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const notice = page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-link');
    await notice.getByText('Your data export is ready to download.').waitFor();
    await expect(notice.getAttribute('href')).resolves.toBe('/settings?tab=privacy');
    await page.keyboard.press('Escape');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^piste-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    );
    const files = await unzip(await readFile(await download.path()));
    expect([...files.keys()]).toEqual(expect.arrayContaining([...EXPORT_FILES]));
    expect(files.get('README.txt')?.length).toBeGreaterThan(0);
    expect(jsonIn<{ username: string }>(files, 'profile.json').username).toBe(user.username);
    expect(jsonIn<{ content: string }[]>(files, 'posts.json').map((post) => post.content)).toEqual([content]);

    const mail = await waitForMail(journey.outbox(), emailOf(user.username), { subject: /data is ready/i });
    expect(linkIn(mail, '/settings')).toBe('/settings?tab=privacy');
  });

  it('deleting the account signs out every browser, says goodbye, and the old password no longer signs in', async () => {
    const a = await journey.signUpByApi('leaving');
    const b = await journey.newTab();
    await logInByApi(b.context.request, a.user.username);
    await b.page.goto('/epee');
    await feedLoaded(b.page);
    await live(b.page);

    await openPrivacy(a.page);
    await a.page.getByText('This cannot be undone.', { exact: false }).waitFor();
    await a.page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.locator('#delete-account-password-error').getByText(WRONG_CURRENT_PASSWORD).waitFor();
    await screenshot(a.page, 'accounts-delete-wrong-password', { fullPage: false });
    await screenshot(a.page, 'accounts-delete-wrong-password', { fullPage: false, phone: true });
    // Nothing happened: the other browser is still signed in.
    await expect(b.page.getByRole('link', { name: 'Your profile' }).count()).resolves.toBe(1);

    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await a.page.locator('[data-toast-variant="success"]', { hasText: ACCOUNT_DELETED_REPLY }).waitFor();
    await a.page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await a.page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
    await screenshot(a.page, 'accounts-deleted', { fullPage: false });

    // Every other browser is signed out too, live.
    await signedOut(b.page);

    // The account cannot sign in any more, in either browser.
    await a.page.reload();
    await submitLogin(a.page, a.user.username, PASSWORD);
    await a.page.getByText('Invalid username or password').first().waitFor();
    await submitLogin(b.page, a.user.username, PASSWORD);
    await b.page.getByText('Invalid username or password').first().waitFor();

    await waitForMail(journey.outbox(), emailOf(a.user.username), { subject: /account has been deleted/i });
  });
});
