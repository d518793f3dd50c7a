import type { Page } from 'playwright-core';
import { uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { expectNoSidewaysScroll, fillAchievement, postCard, screenshot } from './ui';

/** Screenshots of the page at phone and wide-desktop widths, checking neither scrolls sideways. */
async function shootAtWidths(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, `${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
}

describeInBrowser('fencer profiles', () => {
  const journey = journeyFixture();

  it("B opens A's profile from the feed and connects; A accepts on B's profile and can message", async () => {
    const [alice, bruno] = await journey.signUpEach('alice', 'bruno');
    const [A, B] = [alice.page, bruno.page];
    const [aName, bName] = [alice.username, bruno.username];

    // A shares a result from the feed's composer.
    const content = `First gold of the season ${uniqueName('win')}!`;
    await A.getByTestId('composer').waitFor();
    await A.locator('#post-content').fill(content);
    await fillAchievement(A, { place: '1st', score: '15-12', competition: 'Lyon Open', competitors: '64' });
    await A.getByRole('button', { name: 'Post', exact: true }).click();
    await postCard(A, content).waitFor();

    // B sees it in the feed and opens A's page from the author's name.
    await B.goto('/');
    const card = postCard(B, content);
    await card.waitFor();
    await card.getByRole('link', { name: `Fencer ${aName}`, exact: true }).click();
    await B.waitForURL(`**/u/${aName}`);
    await B.getByRole('heading', { level: 1, name: `Fencer ${aName}` }).waitFor();
    await B.getByText(`@${aName}`, { exact: true }).waitFor();
    await B.getByTestId('fencer-title').getByText('Épée fencer').waitFor();
    const entry = B.getByTestId('record-entry').filter({ hasText: 'Lyon Open' });
    await entry.getByText('1st').waitFor();
    await entry.getByText('15-12').waitFor();
    await entry.getByText('64 fencers').waitFor();
    await B.getByRole('region', { name: 'Posts' }).getByText(content).waitFor();
    await expect(B.getByText('@example.com').count()).resolves.toBe(0);

    // Connect: the spec's toast, then Pending.
    await B.getByRole('button', { name: 'Connect', exact: true }).click();
    await B.getByText('Your connection request has been sent successfully.').waitFor();
    const pending = B.getByRole('button', { name: 'Pending', exact: true });
    await pending.waitFor();
    await expect(pending.isDisabled()).resolves.toBe(true);
    await shootAtWidths(B, 'profile-fencer-pending');

    // A opens B's page (the address in any case finds it) and accepts there.
    await A.goto(`/u/${bName.toUpperCase()}`);
    await A.waitForURL(`**/u/${bName}`);
    await A.getByRole('heading', { level: 1, name: `Fencer ${bName}` }).waitFor();
    await A.getByText('No competition results yet').waitFor();
    await A.getByText(`Fencer ${bName} hasn't posted anything yet.`).waitFor();
    await A.getByRole('button', { name: 'Accept', exact: true }).click();
    await A.getByText('You are now connected!').waitFor();
    const message = A.getByRole('link', { name: 'Message', exact: true });
    await message.waitFor();

    // B's page follows without a reload.
    await B.getByRole('link', { name: 'Message', exact: true }).waitFor();
    await shootAtWidths(B, 'profile-fencer-connected');

    // Message opens the conversation with B.
    await message.click();
    await A.waitForURL('**/messages');
    await A.getByRole('region', { name: `Conversation with Fencer ${bName}` }).waitFor();

    // A's own page offers Edit profile; /profile links to it.
    await A.getByRole('link', { name: 'Your profile' }).click();
    await A.getByRole('link', { name: 'View public profile' }).click();
    await A.waitForURL(`**/u/${aName}`);
    await A.getByRole('link', { name: 'Edit profile', exact: true }).waitFor();
    await shootAtWidths(A, 'profile-fencer-own');

    // An unknown fencer is a not-found page with a way home.
    await B.goto('/u/nobody_by_this_name');
    await B.getByRole('heading', { name: 'Fencer not found' }).waitFor();
    await B.getByRole('link', { name: 'Home', exact: true }).waitFor();
    await shootAtWidths(B, 'profile-fencer-not-found');
  });
});
