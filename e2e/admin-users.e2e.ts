import type { Page } from 'playwright-core';
import { createPost, logInByApi, PASSWORD } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { checkScreen, SCREEN_TAB, SCREENS_TIMEOUT } from './screen-checks';
import { feedLoaded, live, screenshot, signedIn, submitLogin } from './ui';

/** Fills the open reason dialog and confirms it with `confirm`. */
async function giveReason(page: Page, title: string, reason: string, confirm: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await expect(dialog.getByRole('button', { name: confirm }).isDisabled()).resolves.toBe(true);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describeInBrowser('account administration', () => {
  const journey = journeyFixture({ admin: true });

  it(
    'an admin finds a fencer, suspends them (their open page signs out live), reads the audit and unsuspends them',
    async () => {
      const fencer = await journey.signUpByApi('camille', { name: 'Camille Roux' });
      await createPost(fencer.context.request, { content: 'Selling blades, DM me' });
      const admin = await journey.newTab(SCREEN_TAB);
      await logInByApi(admin.context.request, journey.admin.username, journey.admin.password);

      // The fencer has the feed open, live.
      await fencer.page.goto('/epee');
      await feedLoaded(fencer.page);
      await live(fencer.page);
      // A fencer has no way in: the pages say so.
      const stray = await fencer.context.newPage();
      await stray.goto('/admin/users');
      await stray.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await stray.close();

      // From the header's Moderation link to the accounts, and a search by part of the name.
      const { page } = admin;
      await page.goto('/epee');
      await page.getByRole('link', { name: 'Moderation' }).click();
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Users' })
        .click();
      await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
      await page.locator('#admin-users-q').fill('camille');
      const card = page.getByTestId('admin-user-card').filter({ hasText: fencer.user.username });
      await card.waitFor();
      await expect(page.getByTestId('admin-user-card').count()).resolves.toBe(1);
      await expect(card.textContent()).resolves.toContain(`${fencer.user.username}@example.com`);
      await checkScreen(page, 'admin-journey-users');

      await card.getByRole('link', { name: 'Camille Roux' }).click();
      await page.getByRole('heading', { name: 'Camille Roux', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Actions' }).waitFor();
      await checkScreen(page, 'admin-journey-user');

      // Suspend, with a reason: the fencer's open feed is signed out at once.
      await page.getByRole('button', { name: 'Suspend', exact: true }).click();
      await page.getByRole('dialog', { name: 'Suspend Camille Roux?' }).waitFor();
      await checkScreen(page, 'admin-journey-suspend-dialog');
      await giveReason(page, 'Suspend Camille Roux?', 'Selling counterfeit blades', 'Suspend account');
      await page.getByText('Account suspended').waitFor();
      await page.getByTestId('suspension-notice').getByText('Selling counterfeit blades').waitFor();
      await page.getByRole('list', { name: 'Status' }).getByText('Suspended').waitFor();
      await screenshot(page, 'admin-journey-suspended');
      await screenshot(page, 'admin-journey-suspended', { phone: true });

      await fencer.page.locator('#login-username').waitFor({ timeout: 15_000 });
      // Signing in again is refused, saying why.
      await submitLogin(fencer.page, fencer.user.username, PASSWORD);
      await fencer.page.getByRole('form', { name: 'Login' }).getByText('This account is suspended').waitFor();

      // The audit names who, whom, why and when.
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Audit' })
        .click();
      await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
      const entry = page.getByTestId('audit-entry').first();
      await entry.waitFor();
      await expect(entry.textContent()).resolves.toMatch(/^Piste Admin suspended Camille Roux/);
      await entry.getByText('Reason: Selling counterfeit blades').waitFor();
      await checkScreen(page, 'admin-journey-audit');

      // Back to the account; unsuspended, the fencer signs in again.
      await entry.getByRole('link', { name: 'Camille Roux' }).click();
      await page.getByRole('button', { name: 'Unsuspend' }).click();
      await giveReason(page, 'Unsuspend Camille Roux?', 'Appeal accepted', 'Unsuspend');
      await page.getByText('Account unsuspended').waitFor();
      await page.getByTestId('suspension-notice').waitFor({ state: 'detached' });
      await submitLogin(fencer.page, fencer.user.username, PASSWORD);
      await signedIn(fencer.page);
    },
    SCREENS_TIMEOUT * 4,
  );
});
