import type { Page } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { live, screenshot } from './ui';

/** Opens a club's page and waits until it is shown and live. */
async function openClub(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await live(page);
}

describeInBrowser('clubs: create, ask to join, accept live, listed on the fencer page', () => {
  const journey = journeyFixture();

  it('A creates a club by request; B asks to join; A accepts the request that arrived live; B is a member live', async () => {
    const a = await journey.signUpByApi('ada');
    const b = await journey.signUpByApi('bo');
    const name = `Salle ${uniqueName('club')}`;

    // A creates the club through the form, reached from the directory.
    await a.page.goto('/clubs');
    await a.page.getByRole('heading', { level: 1, name: 'Clubs' }).waitFor();
    await a.page.getByRole('link', { name: 'Create a club' }).first().click();
    const form = a.page.getByRole('form', { name: 'Create a club' });
    await form.waitFor();
    await form.getByLabel('Club name').fill(name);
    await form.getByLabel('City').fill('Lyon');
    await form.getByLabel('Country (two letters)').fill('fr');
    await form.getByLabel('Épée').check();
    await form.getByLabel('Foil').check();
    await form.getByLabel('Description').fill('Tuesday and Thursday nights, beginners welcome.');
    await form.getByLabel(/^By request/).check();
    await screenshot(a.page, 'clubs-create-filled', { fullPage: false });
    await form.getByRole('button', { name: 'Create club' }).click();
    await a.page.getByRole('heading', { level: 1, name }).waitFor();
    await a.page.waitForURL(/\/clubs\/[a-z0-9-]+$/);
    const clubPath = new URL(a.page.url()).pathname;
    // Only the owner so far: the page says how to bring fencers in.
    await a.page.getByTestId('club-alone').getByText('Your club has only you so far').waitFor();
    await live(a.page);

    // B asks to join.
    await openClub(b.page, clubPath, name);
    await b.page.getByText('Lyon, France').waitFor();
    await b.page.getByRole('button', { name: 'Ask to join' }).click();
    await b.page.getByRole('button', { name: 'Request sent' }).waitFor();

    // A's Requests tab counts it without a reload, and A accepts.
    await a.page.getByTestId('club-requests-count').filter({ hasText: '1' }).waitFor();
    await a.page.getByRole('tab', { name: /^Requests/ }).click();
    const request = a.page.getByTestId('club-request').filter({ hasText: b.user.username });
    await request.waitFor();
    await screenshot(a.page, 'clubs-request-arrived', { fullPage: false });
    await request.getByRole('button', { name: /^Accept / }).click();
    await request.waitFor({ state: 'detached' });
    await a.page.getByTestId('club-members-count').filter({ hasText: '2 members' }).waitFor();

    // B's page turns to member through the club:member event, without a reload.
    await b.page.getByRole('button', { name: 'Leave' }).waitFor();
    await b.page.getByTestId('club-viewer-role').filter({ hasText: 'Member' }).waitFor();
    await b.page.getByTestId('club-members-count').filter({ hasText: '2 members' }).waitFor();

    // B posts to the club, for members only; A sees it arrive live on the club page, marked as the club's.
    await a.page.getByRole('tab', { name: 'Posts' }).click();
    await a.page.getByTestId('club-posts-empty').waitFor();
    const clubPost = `Tuesday: footwork ladder, then bouting ${uniqueName('p')}`;
    const composer = b.page.getByRole('form', { name: 'Create a post' });
    await expect(composer.locator('#post-visibility').inputValue()).resolves.toBe('club');
    await composer.getByLabel('Post content').fill(clubPost);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await b.page.getByTestId('post-content').filter({ hasText: clubPost }).waitFor();
    const arrived = a.page.getByTestId('post-card').filter({ hasText: clubPost });
    await arrived.waitFor();
    await arrived.getByTestId('post-club').filter({ hasText: 'members only' }).waitFor();
    await screenshot(a.page, 'clubs-post-arrived', { fullPage: false });
    // A runs the club, so A may remove B's post from it.
    await arrived.getByRole('button', { name: 'Post options' }).click();
    await a.page.getByRole('menuitem', { name: 'Remove post' }).waitFor();
    await a.page.keyboard.press('Escape');

    // A gives the club a logo and moves it to Villeurbanne in Edit; B's page shows both after a reload.
    await a.page.getByRole('tab', { name: 'Edit' }).click();
    await a.page.locator('#club-logo-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makePng(96, 96, [37, 99, 235]),
    });
    await a.page.getByRole('button', { name: 'Change logo' }).waitFor();
    const edit = a.page.getByRole('form', { name: 'Edit club' });
    await edit.getByLabel('City').fill('Villeurbanne');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await a.page.getByText('Villeurbanne, France').waitFor();
    await screenshot(a.page, 'clubs-edit', { fullPage: false });
    await b.page.reload();
    await b.page.getByText('Villeurbanne, France').waitFor();
    await expect(
      b.page.getByTestId('club-page').locator('img[src^="/objects/club/"]').first().isVisible(),
    ).resolves.toBe(true);

    // B's fencer page lists the club with B's role, linking to it.
    await b.page.goto(`/u/${b.user.username}`);
    const clubs = b.page.getByTestId('fencer-clubs');
    await clubs.getByRole('link', { name }).waitFor();
    await clubs.getByText('Member').waitFor();
    await expect(clubs.getByRole('link', { name }).getAttribute('href')).resolves.toBe(clubPath);
    await screenshot(b.page, 'clubs-fencer-page', { fullPage: false });

    // The directory finds it by name.
    await a.page.goto('/clubs');
    await a.page.getByLabel('Club name').fill(name.slice(0, 12));
    await a.page.getByTestId('club-card').filter({ hasText: name }).waitFor();
  });
});
