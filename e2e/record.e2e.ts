import type { Page } from 'playwright-core';
import { createPost, uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { expectNoSidewaysScroll, feedLoaded, live, postCard, screenshot } from './ui';

/** Opens a fencer's page and waits until their record is shown and the tab is live. */
async function openFencer(page: Page, username: string, hash = ''): Promise<void> {
  await page.goto(`/u/${username}${hash}`);
  await page.getByRole('heading', { level: 1, name: `Fencer ${username}` }).waitFor();
  await page.getByTestId('record-totals').or(page.getByTestId('record-no-bouts')).waitFor();
  await live(page);
}

const toast = (page: Page, title: string) => page.locator('[data-toast-variant]', { hasText: title });

describeInBrowser(
  'a fencer’s record: a bout logged, confirmed live, head to head, a rating beside the name',
  () => {
    const journey = journeyFixture();

    it('A logs a bout against B from B’s page; B confirms it from the bell; both pages follow live', async () => {
      const a = await journey.signUpByApi('ada');
      const b = await journey.signUpByApi('bo');
      const aName = `Fencer ${a.user.username}`;
      const bName = `Fencer ${b.user.username}`;

      // B has the feed open, live: the bell will count the bout.
      await b.page.goto('/epee');
      await feedLoaded(b.page);
      await live(b.page);

      // A opens B's page and logs a 5–3 pool bout in épée against B through the form.
      await openFencer(a.page, b.user.username);
      await a.page.getByTestId('record-no-bouts').getByText('No confirmed bouts yet.').waitFor();
      await a.page
        .getByTestId('head-to-head-summary')
        .getByText('No confirmed bouts between you yet.')
        .waitFor();
      await a.page.getByRole('button', { name: 'Log a bout' }).click();
      const form = a.page.getByRole('form', { name: 'Log a bout' });
      await form.waitFor();
      await form.getByTestId('picked-opponent').getByText(bName).waitFor();
      await expect(form.getByLabel('Weapon').inputValue()).resolves.toBe('epee');
      await expect(form.getByLabel('Kind').inputValue()).resolves.toBe('pool');
      await form.getByLabel('Your touches').fill('5');
      await form.getByLabel('Their touches').fill('3');
      await form.getByTestId('bout-result').getByText('You won it.').waitFor();
      await form.getByLabel('Notes (optional)').fill('Counter-attacks to the wrist worked.');
      await screenshot(a.page, 'record-log-bout', { fullPage: false });
      await screenshot(a.page, 'record-log-bout', { fullPage: false, phone: true });
      await form.getByRole('button', { name: 'Log bout' }).click();
      await toast(a.page, 'Bout logged').waitFor();
      await form.waitFor({ state: 'detached' });

      // On B's page, from B's side: 3–5, waiting for B.
      const aLog = a.page.getByTestId('bout-log');
      const aRow = aLog.getByTestId('bout').first();
      await aRow.getByText(`Waiting for ${bName} to confirm`).waitFor();
      await expect(aRow.getByTestId('bout-score').textContent()).resolves.toBe('3–5');
      await expect(aRow.getByRole('button', { name: 'Confirm' }).count()).resolves.toBe(0);

      // B's bell counts it, without a reload; the notification opens B's own bout log.
      await b.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      const popover = b.page.getByRole('dialog', { name: 'Notifications' });
      const notification = popover
        .getByTestId('notification')
        .filter({ hasText: 'logged a bout against you (3–5): confirm or dispute it' });
      await notification.waitFor();
      await notification.getByRole('link').first().click();
      await b.page.waitForURL(`**/u/${b.user.username}#bouts`);
      const bRow = b.page.getByTestId('bout-log').getByTestId('bout').first();
      await bRow.getByText('Waiting for you to confirm').waitFor();
      await bRow.getByText(aName).waitFor();
      await live(b.page);
      await screenshot(b.page, 'record-confirm', { fullPage: false });
      await bRow.getByRole('button', { name: 'Confirm' }).click();
      await toast(b.page, 'Bout confirmed').waitFor();
      await bRow.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'detached' });
      await expect(bRow.getByTestId('bout-status').count()).resolves.toBe(0);
      const bTotals = b.page.getByTestId('record-totals');
      await expect(bTotals.locator('tbody tr').first().textContent()).resolves.toBe('Épée101' + '35' + '−2');

      // A's view of B's page follows without a reload: confirmed, and A's head-to-head counts it.
      await aRow.getByTestId('bout-status').waitFor({ state: 'detached' });
      await a.page.getByTestId('head-to-head-summary').getByText('1 bout · 1 win · 0 losses').waitFor();
      await expect(
        a.page.getByTestId('head-to-head-totals').locator('tbody tr').first().textContent(),
      ).resolves.toBe('Épée110' + '53' + '+2');
      await a.page.getByTestId('record-totals').waitFor();
      await screenshot(a.page, 'record-fencer-page');
      await screenshot(a.page, 'record-fencer-page', { phone: true });
      await a.page.setViewportSize({ width: 360, height: 800 });
      await expectNoSidewaysScroll(a.page);
      await a.page.setViewportSize({ width: 1280, height: 900 });

      // B on A's page: the same bout from B's side.
      await openFencer(b.page, a.user.username);
      await b.page.getByTestId('head-to-head').getByText(`You vs ${aName}`, { exact: true }).waitFor();
      await b.page.getByTestId('head-to-head-summary').getByText('1 bout · 0 wins · 1 loss').waitFor();
      await expect(
        b.page.getByTestId('bout-log').getByTestId('bout').first().getByTestId('bout-score').textContent(),
      ).resolves.toBe('5–3');
    });

    it('A sets a USAF rating in the profile; it shows beside A’s name on A’s post in the feed', async () => {
      const a = await journey.signUpByApi('ada');
      const content = `Épée footwork before every bout ${uniqueName('p')}`;
      await createPost(a.context.request, { content });

      await a.page.goto('/profile');
      const form = a.page.getByRole('form', { name: 'Ratings and record' });
      await form.waitFor();
      await form.getByText('No ratings yet.').waitFor();
      await form.getByRole('button', { name: 'Add a rating' }).click();
      const row = form.getByTestId('rating-row').first();
      await expect(row.getByLabel('Weapon').inputValue()).resolves.toBe('epee');
      await expect(row.getByLabel('System').inputValue()).resolves.toBe('USAF');
      // A USAF rating is a letter with a year: the form says so as the server would.
      await row.getByLabel('Rating', { exact: true }).fill('B2024');
      await form.getByRole('button', { name: 'Update ratings' }).click();
      await row.getByText('A USAF rating is a letter A to E with a two-digit year (B24), or U').waitFor();
      await row.getByLabel('Rating', { exact: true }).fill('b24');
      await expect(form.getByLabel('Who sees my bouts and ratings').inputValue()).resolves.toBe('everyone');
      await screenshot(a.page, 'record-profile-ratings', { fullPage: false });
      await form.getByRole('button', { name: 'Update ratings' }).click();
      await toast(a.page, 'Record settings saved').waitFor();
      await expect(row.getByLabel('Rating', { exact: true }).inputValue()).resolves.toBe('B24');
      await form.scrollIntoViewIfNeeded();
      await screenshot(a.page, 'record-profile-ratings', { fullPage: false, phone: true });

      await a.page.goto('/epee');
      await feedLoaded(a.page);
      const badge = postCard(a.page, content).getByTestId('rating-badge');
      await expect(badge.textContent()).resolves.toBe('Rating B24');
      await expect(badge.getAttribute('title')).resolves.toBe('Rating');

      // And on A's page: the rating beside the name and in the record.
      await openFencer(a.page, a.user.username);
      await a.page.getByRole('heading', { level: 1 }).getByTestId('rating-badge').getByText('B24').waitFor();
      await a.page.getByTestId('record-ratings').getByText('USA Fencing').waitFor();
    });
  },
);
