import type { Locator } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { feedLoaded, fillAchievement, postCard, screenshot, until } from './ui';

/** Waits until an <img> has really loaded and decoded its picture. */
async function imageLoaded(image: Locator): Promise<void> {
  await image.waitFor();
  await until(
    () => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
    (width) => width > 0,
    'the image to load',
  );
}

/** Waits until a locator's text is `expected`. */
async function textOf(locator: Locator, expected: string): Promise<void> {
  await until(
    () => locator.textContent(),
    (text) => text === expected,
    `text '${expected}'`,
  );
}

describeInBrowser('the live feed, between two fencers', () => {
  const journey = journeyFixture({ ownDataDir: true });

  it('A posts a drill with an image; B sees it live, likes and comments; A sees both without reloading', async () => {
    const [a, b] = await journey.signUpEach('alice', 'bruno');
    // Both feeds are loaded (skeletons gone) before anything is posted.
    await Promise.all([feedLoaded(a.page), feedLoaded(b.page)]);

    // A writes a drill with a picture; the composer shows the preview and the upload progress.
    const content = `Lunge ladder ${uniqueName('drill')}: five lunges, one step further each time.`;
    await a.page.locator('#post-content').fill(content);
    await a.page.getByText('Drill', { exact: true }).click();
    await a.page.locator('#drill-duration').fill('15 minutes');
    await a.page.locator('#drill-level').fill('Beginner');
    await a.page.locator('#drill-equipment').fill('Épée, mask');
    await a.page.locator('#drill-focus').fill('Distance');
    await a.page.locator('#post-media').setInputFiles({
      name: 'ladder.png',
      mimeType: 'image/png',
      buffer: makePng(480, 270, [124, 58, 237]),
    });
    await imageLoaded(a.page.getByAltText('Selected media preview'));
    await screenshot(a.page, 'feed-a-composer-with-image');
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();

    const cardOnA = postCard(a.page, content);
    await cardOnA.waitFor();
    // The card can arrive over the socket a moment before the reply that clears the composer.
    await a.page.waitForFunction(
      () => (document.querySelector('#post-content') as HTMLTextAreaElement).value === '',
    );
    await imageLoaded(cardOnA.getByTestId('post-media'));
    await cardOnA.getByTestId('drill-details').getByText('15 minutes').waitFor();

    // B is told about the new post instead of having the list jump, and reveals it.
    const newPosts = b.page.getByTestId('new-posts');
    await newPosts.waitFor();
    await expect(newPosts.textContent()).resolves.toContain('New posts (1)');
    await newPosts.click();
    const cardOnB = postCard(b.page, content);
    await cardOnB.waitFor();
    await expect(b.page.getByTestId('post-card').first().textContent()).resolves.toContain(content);
    await imageLoaded(cardOnB.getByTestId('post-media'));
    await cardOnB.getByTestId('drill-details').getByText('Distance').waitFor();

    // A opens the comments of the post, which are empty so far.
    await cardOnA.getByRole('button', { name: /^Comment, / }).click();
    await cardOnA.getByText('No comments yet. Start the conversation!').waitFor();

    // B likes the post and comments on it.
    await cardOnB.getByRole('button', { name: /^Like, / }).click();
    await textOf(cardOnB.getByTestId('like-count'), '1');
    await cardOnB.getByRole('button', { name: /^Comment, / }).click();
    const comment = `Great ladder! ${uniqueName('c')}`;
    await cardOnB.getByPlaceholder('Write a comment...').fill(comment);
    await cardOnB.getByRole('button', { name: 'Send comment' }).click();
    await b.page.getByText('Comment added successfully').waitFor();
    await cardOnB.getByTestId('comment').getByText(comment).waitFor();

    // A sees the like and the comment arrive without reloading.
    await textOf(cardOnA.getByTestId('like-count'), '1');
    await cardOnA.getByTestId('comment').getByText(comment).waitFor();
    await textOf(cardOnA.getByTestId('comment-count'), '1');
    await screenshot(a.page, 'feed-a-sees-like-and-comment');
    await screenshot(b.page, 'feed-b-after-like-and-comment');

    // B takes the like back; A's count follows.
    await cardOnB.getByRole('button', { name: /^Like, / }).click();
    await textOf(cardOnA.getByTestId('like-count'), '0');
  });

  it('posts an achievement from /post, returns to the feed, hides a post and deletes its own', async () => {
    const other = await journey.signUp('olga');
    const theirs = `Club night ${uniqueName('n')}`;
    await other.page.locator('#post-content').fill(theirs);
    await other.page.getByRole('button', { name: 'Post', exact: true }).click();
    await postCard(other.page, theirs).waitFor();

    const { page } = await journey.signUp('carla');
    await page.getByRole('link', { name: 'Create post' }).click();
    await page.getByRole('heading', { name: 'Create a Post' }).waitFor();
    await page.getByText('Share your fencing journey with the community').waitFor();
    const post = page.getByRole('button', { name: 'Post', exact: true });
    await expect(post.isDisabled()).resolves.toBe(true);
    const content = `Gold at the club championship ${uniqueName('w')}`;
    await page.locator('#post-content').fill(content);
    await fillAchievement(page, {
      place: '1st',
      score: '15-12',
      competition: 'Club championship',
      competitors: '24',
    });
    await screenshot(page, 'feed-create-post-page');
    await post.click();

    // To the feed of the weapon the post went to (Épée, the last feed shown).
    await until(
      () => Promise.resolve(new URL(page.url()).pathname),
      (path) => path === '/epee',
      'the feed',
    );
    const mine = postCard(page, content);
    await mine.getByTestId('achievement-details').getByText('Club championship').waitFor();
    await mine.getByTestId('role-badge').waitFor();

    // Hide someone else's post: it goes at once and stays gone after a reload.
    const hidden = postCard(page, theirs);
    await hidden.getByRole('button', { name: 'Post options' }).click();
    await expect(hidden.getByRole('menuitem', { name: 'Delete Post' }).count()).resolves.toBe(0);
    await hidden.getByRole('menuitem', { name: 'Hide Post' }).click();
    await page.getByText("You won't see this post again").waitFor();
    await hidden.waitFor({ state: 'detached' });
    await page.reload();
    await mine.waitFor();
    await expect(postCard(page, theirs).count()).resolves.toBe(0);

    // Delete the own post, after confirming; the other user's feed drops it live.
    await other.page.reload();
    await postCard(other.page, content).waitFor();
    await mine.getByRole('button', { name: 'Post options' }).click();
    await expect(mine.getByRole('menuitem', { name: 'Report Post' }).count()).resolves.toBe(0);
    await mine.getByRole('menuitem', { name: 'Delete Post' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Post' }).click();
    await page.getByText('Your post has been deleted successfully').waitFor();
    await mine.waitFor({ state: 'detached' });
    await postCard(other.page, content).waitFor({ state: 'detached' });
    await screenshot(page, 'feed-after-hide-and-delete');
  });
});
