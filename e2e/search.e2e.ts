import type { Page } from 'playwright-core';
import { createPost } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { screenshot } from './ui';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const suggestions = (page: Page, group: 'Posts' | 'Fencers') =>
  page
    .getByRole('listbox', { name: 'Search suggestions' })
    .getByRole('group', { name: group })
    .getByRole('option');

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 780 };

/** What the viewport shows, at the size the page has now. */
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

describeInBrowser('search', () => {
  const journey = journeyFixture();

  it('finds a drill by a word in its details and a fencer by part of a name; Enter opens the results page', async () => {
    // Two fencers share what they train; the drill's text never says 'balestra', only its details do.
    const coach = await journey.signUpByApi('fencer', { name: 'Mireille Ékué' });
    const club = await journey.signUpByApi('fencer', { name: 'Miro Kovač' });
    await createPost(coach.context.request, {
      type: 'drill',
      content: 'Ten minutes every morning before the first bout. Start slow, keep the point on target.',
      drillDetails: {
        focus: 'Balestra into flèche',
        level: 'Intermediate',
        duration: '10 min',
        equipment: 'Mask',
      },
    });
    await createPost(coach.context.request, {
      type: 'achievement',
      content: 'Gold in Lyon after a tight final!',
      achievementDetails: { competition: 'Lyon Épée Open', place: '1st', score: '15-13', competitors: 64 },
    });
    for (let session = 1; session <= 22; session++) {
      await createPost(club.context.request, {
        content: `Footwork session ${session}: ladders, lunges and retreats at full speed.`,
      });
    }

    const { page } = await journey.signUp('viewer', { viewport: DESKTOP });

    // The feed's box finds the drill by a word of its details, as the user types.
    await page.getByTestId('post-skeleton').first().waitFor({ state: 'detached' });
    await searchBox(page).fill('bales');
    await suggestions(page, 'Posts').filter({ hasText: 'Ten minutes every morning' }).waitFor();
    await expect(searchBox(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'search-dropdown-1440');

    // Part of a name, without its accents, finds the fencer; the arrow keys reach her.
    await searchBox(page).fill('ekue');
    const fencer = suggestions(page, 'Fencers').filter({ hasText: 'Mireille Ékué' });
    await fencer.waitFor();
    await searchBox(page).press('ArrowDown');
    await expect(fencer.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(searchBox(page).getAttribute('aria-activedescendant')).resolves.toBe(
      await fencer.getAttribute('id'),
    );
    await shot(page, 'search-dropdown-fencer-1440');

    // Escape closes the list; Enter then opens the results page.
    await searchBox(page).press('Escape');
    await expect(searchBox(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await searchBox(page).press('Enter');
    await page.waitForURL('**/search?q=ekue');
    await page.getByRole('heading', { name: 'Results for “ekue”' }).waitFor();
    await page.getByTestId('search-fencer').filter({ hasText: 'Mireille Ékué' }).waitFor();
    await shot(page, 'search-results-fencer-1440');

    // A common word: the best twenty posts, then the rest on demand.
    await searchBox(page).fill('footwork');
    await searchBox(page).press('Enter');
    await page.waitForURL('**/search?q=footwork');
    const posts = page.getByRole('region', { name: 'Posts' }).getByTestId('search-post');
    await posts.nth(19).waitFor();
    await expect(posts.count()).resolves.toBe(20);
    await shot(page, 'search-results-1440');
    await page.getByRole('button', { name: 'Load more posts' }).click();
    await posts.nth(21).waitFor();
    await expect(page.getByRole('button', { name: 'Load more posts' }).count()).resolves.toBe(0);

    // On a phone: the results page's own box, its dropdown, and its results.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await searchBox(page).fill('balestra');
    await suggestions(page, 'Posts').filter({ hasText: 'Ten minutes every morning' }).waitFor();
    await shot(page, 'search-dropdown-360');
    await searchBox(page).press('Enter');
    await page.waitForURL('**/search?q=balestra');
    const drill = page.getByTestId('search-post').filter({ hasText: 'Ten minutes every morning' });
    await drill.waitFor();
    await shot(page, 'search-results-360');

    // A post result opens the post.
    await drill.getByRole('link', { name: /Ten minutes every morning/ }).click();
    await page.waitForURL('**/posts/*');
    await page.getByText('Balestra into flèche').waitFor();
    await shot(page, 'search-post-360');

    // A phone's feed has no side column: the header's search icon opens the search page, ready to type.
    await page.goto('/epee');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search');
    await expect(searchBox(page).evaluate((box) => box === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type('balestra');
    await suggestions(page, 'Posts').filter({ hasText: 'Ten minutes every morning' }).waitFor();
    await shot(page, 'search-from-header-360');
  });
});
