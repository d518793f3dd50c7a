import type { Locator, Page } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { connect, createPost, uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { checkScreen, SCREEN_TAB, SCREENS_TIMEOUT } from './screen-checks';
import { feedLoaded, live, postCard, screenshot, until, untilIs } from './ui';

/** Waits until a locator's text is `expected`. */
async function textOf(locator: Locator, expected: string): Promise<void> {
  await until(
    () => locator.textContent(),
    (text) => text === expected,
    `text '${expected}'`,
  );
}

/** Opens the feed and waits until it is loaded and live. */
async function openFeed(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await feedLoaded(page);
  await live(page);
}

/** Chooses an item of a post's menu (⋯). */
async function fromMenu(card: Locator, item: string): Promise<void> {
  await card.getByRole('button', { name: 'Post options' }).click();
  await card.getByRole('menuitem', { name: item }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const composerText = (page: Page) => page.locator('#post-content');
const whoSeesIt = (page: Page) => page.locator('#post-visibility');

describeInBrowser('social features: edits, mentions, tags, saves, mutes, alt text, drafts, audiences', () => {
  const journey = journeyFixture({ ownDataDir: true });

  it('A edits a post from its menu; B sees the new text and the "edited" mark live, and the earlier text', async () => {
    const a = await journey.signUpByApi('alba');
    const b = await journey.signUpByApi('bruno');
    const before = `Parry four, riposte to the flank ${uniqueName('v1')}`;
    const after = `Parry six, riposte to the chest ${uniqueName('v2')}`;
    await createPost(a.context.request, { content: before });
    await Promise.all([openFeed(a.page), openFeed(b.page)]);
    const cardOnB = postCard(b.page, before);
    await cardOnB.waitFor();

    const cardOnA = postCard(a.page, before);
    await fromMenu(cardOnA, 'Edit post');
    const editor = a.page.getByRole('form', { name: 'Edit post' });
    await editor.getByLabel('Post content').fill(after);
    await screenshot(a.page, 'social-edit-inline', { fullPage: false });
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await postCard(a.page, after).getByRole('button', { name: 'Edited: show earlier versions' }).waitFor();

    // B's card changes in place, without a reload.
    const editedOnB = postCard(b.page, after);
    await editedOnB.waitFor();
    await expect(postCard(b.page, before).count()).resolves.toBe(0);
    await textOf(editedOnB.getByTestId('post-content'), after);
    await editedOnB.getByRole('button', { name: 'Edited: show earlier versions' }).click();
    const history = b.page.getByRole('dialog', { name: 'Edit history' });
    await history.waitFor();
    const versions = history.getByTestId('edit-history-version');
    await versions.first().waitFor();
    await expect(versions.count()).resolves.toBe(1);
    await versions.getByText(before).waitFor();
    await screenshot(b.page, 'social-edit-history', { fullPage: false });
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });
  });

  it('A mentions B by picking the suggestion with the keyboard; the card links to B; B’s bell shows it live', async () => {
    const a = await journey.signUpByApi('alma');
    const b = await journey.signUpByApi('bianca');
    const bName = b.user.username;
    await Promise.all([openFeed(a.page), openFeed(b.page)]);

    const textarea = composerText(a.page);
    await textarea.fill('Great bout today with ');
    await textarea.press('End');
    const typed = bName.slice(0, 9);
    const lookup = a.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/users/suggest' && url.searchParams.get('q') === typed;
    });
    await textarea.pressSequentially(`@${typed}`);
    // The lookup's own reply first: when no list shows, this says whether the server or the page is at fault.
    const reply = await lookup;
    const replyText = await reply.text();
    if (reply.status() !== 200 || !replyText.includes(`"${bName}"`)) {
      throw new Error(`The suggestions for '${typed}' answered ${reply.status()}: ${replyText}`);
    }
    const suggestions = a.page.getByTestId('mention-suggestions');
    await suggestions.waitFor();
    const option = suggestions.getByRole('option').filter({ hasText: `@${bName}` });
    await option.waitFor();
    await expect(textarea.getAttribute('aria-expanded')).resolves.toBe('true');
    await screenshot(a.page, 'social-mention-suggestions', { fullPage: false });
    // Down to B if someone else matches too, then Enter.
    const index = await suggestions
      .getByRole('option')
      .evaluateAll((items, name) => items.findIndex((item) => item.textContent?.includes(name)), `@${bName}`);
    for (let i = 0; i < index; i++) await textarea.press('ArrowDown');
    await untilIs(() => option.getAttribute('aria-selected'), 'true', 'B to be highlighted');
    await textarea.press('Enter');
    await suggestions.waitFor({ state: 'detached' });
    await expect(textarea.inputValue()).resolves.toBe(`Great bout today with @${bName} `);
    await textarea.pressSequentially('— see you Friday');
    const content = `Great bout today with @${bName} — see you Friday`;
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();

    const card = postCard(a.page, content);
    await card.waitFor();
    const mention = card.getByTestId('post-content').getByRole('link', { name: `@${bName}` });
    await expect(mention.getAttribute('href')).resolves.toBe(`/u/${bName}`);

    // B's bell: the badge and the mention, without a reload.
    await b.page.waitForFunction(
      () => document.querySelector('[data-testid="notification-badge"]')?.textContent === '1',
    );
    await b.page.getByRole('button', { name: /^Notifications/ }).click();
    const popover = b.page.getByRole('dialog', { name: 'Notifications' });
    const item = popover.getByTestId('notification').filter({ hasText: 'mentioned you in a post' });
    await item.waitFor();
    await item.getByText(`Fencer ${a.user.username}`).first().waitFor();
    await item.getByTestId('unread-dot').waitFor();
    await screenshot(b.page, 'social-mention-notification', { fullPage: false });

    // The link leads to B's page.
    await mention.click();
    await a.page.waitForURL(`**/u/${bName}`);
  });

  it('a #tag in a post links to its tag page, and the feed lists it among the trending tags', async () => {
    const a = await journey.signUpByApi('teo');
    const tag = `Flunge_${Math.random().toString(36).slice(2, 8)}`;
    const folded = tag.toLowerCase();
    const content = `Working on the #${tag} from the short distance`;
    await createPost(a.context.request, { content });
    await createPost(a.context.request, { content: `And again today #${tag}` });
    await openFeed(a.page);

    // Desktop width: the side column's trending card lists the tag with its count.
    const trending = a.page.getByRole('navigation', { name: 'Trending tags' }).filter({ visible: true });
    const trendingLink = trending.getByRole('link').filter({ hasText: `#${folded}` });
    await trendingLink.waitFor();
    await expect(trendingLink.textContent()).resolves.toContain('2 posts');
    await screenshot(a.page, 'social-trending-tags', { fullPage: false });

    await postCard(a.page, content)
      .getByRole('link', { name: `#${tag}` })
      .click();
    await untilIs(() => Promise.resolve(pathOf(a.page)), `/tags/${folded}`, 'the tag page');
    await a.page.getByRole('heading', { name: `#${folded}`, level: 1 }).waitFor();
    await postCard(a.page, content).waitFor();
    await postCard(a.page, 'And again today').waitFor();
    await screenshot(a.page, 'social-tag-page');

    // The trending link goes to the same tag, in the feed's weapon.
    await a.page.goBack();
    await feedLoaded(a.page);
    await trendingLink.click();
    await a.page.waitForURL(`**/tags/${folded}?weapon=epee`);
    await postCard(a.page, content).waitFor();
  });

  it('B saves A’s drill, finds it in the drill library through filters kept in the address, and under Saved', async () => {
    const a = await journey.signUpByApi('coach');
    const b = await journey.signUpByApi('pupil');
    const focus = `Tempo ${Math.random().toString(36).slice(2, 8)}`;
    const wanted = `Compound attacks at tempo ${uniqueName('drill')}`;
    const otherLevel = `Compound attacks for starters ${uniqueName('drill')}`;
    const drill = (content: string, level: string) =>
      createPost(a.context.request, {
        content,
        type: 'drill',
        drillDetails: { duration: '20 minutes', level, equipment: 'Mask, partner', focus },
      });
    await drill(otherLevel, 'Beginner');
    await drill(wanted, 'Advanced');

    await openFeed(b.page);
    const card = postCard(b.page, wanted);
    await fromMenu(card, 'Save post');
    await b.page.getByText('Post saved').first().waitFor();
    await textOf(card.getByTestId('save-count'), '1');
    await card.getByRole('button', { name: 'Save, 1 save' }).waitFor();
    await card.getByRole('button', { name: 'Post options' }).click();
    await card.getByRole('menuitem', { name: 'Unsave post' }).waitFor();
    await b.page.keyboard.press('Escape');

    // The library, filtered by level and focus through its fields.
    await b.page.goto('/drills');
    await b.page.getByRole('heading', { name: 'Drill library', level: 1 }).waitFor();
    await postCard(b.page, otherLevel).waitFor();
    await b.page.getByLabel('Level').selectOption('Advanced');
    await b.page.getByLabel('Focus').fill(focus);
    await until(
      () => Promise.resolve(new URL(b.page.url()).searchParams),
      (params) => params.get('level') === 'Advanced' && params.get('focus') === focus,
      'the filters in the address',
    );
    await postCard(b.page, otherLevel).waitFor({ state: 'detached' });
    const found = postCard(b.page, wanted);
    await found.getByTestId('drill-details').getByText(focus).waitFor();
    await expect(b.page.getByTestId('post-card').count()).resolves.toBe(1);
    await screenshot(b.page, 'social-drills-filtered');

    // The address alone gives the same list and the same fields.
    await b.page.reload();
    await found.waitFor();
    await expect(b.page.getByTestId('post-card').count()).resolves.toBe(1);
    await expect(b.page.getByLabel('Level').inputValue()).resolves.toBe('Advanced');
    await expect(b.page.getByLabel('Focus').inputValue()).resolves.toBe(focus);
    await expect(found.getByTestId('save-count').textContent()).resolves.toBe('1');

    await b.page.goto('/saved');
    await b.page.getByRole('heading', { name: 'Saved', level: 1 }).waitFor();
    await postCard(b.page, wanted).waitFor();
    await expect(b.page.getByTestId('post-card').count()).resolves.toBe(1);
    await screenshot(b.page, 'social-saved');
  });

  it('B mutes a word in Settings: A’s post with it leaves B’s feed, A’s other post stays', async () => {
    const a = await journey.signUpByApi('andrea');
    const b = await journey.signUpByApi('berta');
    const word = `spoiler${Math.random().toString(36).slice(2, 7)}`;
    const muted = `The final went 15-14, what a ${word}!`;
    const kept = `Footwork circuit for Thursday ${uniqueName('k')}`;
    await createPost(a.context.request, { content: muted });
    await createPost(a.context.request, { content: kept });
    await openFeed(b.page);
    await postCard(b.page, muted).waitFor();

    await b.page.goto('/settings?tab=muted');
    await b.page.getByRole('tab', { name: 'Muted', selected: true }).waitFor();
    const form = b.page.getByRole('form', { name: 'Mute a word' });
    await form.getByLabel('Word or phrase').fill(word.toUpperCase());
    await form.getByLabel('Mute for').selectOption({ label: '7 days' });
    await form.getByRole('button', { name: 'Mute word' }).click();
    const row = b.page.getByTestId('muted-word').filter({ hasText: word.toUpperCase() });
    await row.waitFor();
    await row.getByText(/^Until /).waitFor();
    await expect(row.getByText('Until you unmute').count()).resolves.toBe(0);
    await screenshot(b.page, 'social-muted-word');

    await b.page.goto('/');
    await feedLoaded(b.page);
    await postCard(b.page, kept).waitFor();
    await expect(postCard(b.page, muted).count()).resolves.toBe(0);
    await b.page.reload();
    await feedLoaded(b.page);
    await postCard(b.page, kept).waitFor();
    await expect(postCard(b.page, muted).count()).resolves.toBe(0);
    await screenshot(b.page, 'social-feed-without-muted-word', { fullPage: false });
  });

  it(
    'A describes an image: the nudge goes, the feed image carries the description, and axe finds nothing serious',
    async () => {
      const a = await journey.signUpByApi('iris', {}, SCREEN_TAB);
      // A tagged post, so the screen checked holds the trending tags too (their row, on a phone).
      await createPost(a.context.request, { content: 'Ten minutes of #EnGarde holds before the bouts' });
      await openFeed(a.page);
      const content = `Guard position check ${uniqueName('img')}`;
      const description = 'A fencer in en garde, weight on the back leg, blade in sixte';
      await composerText(a.page).fill(content);
      await a.page.locator('#post-media').setInputFiles({
        name: 'guard.png',
        mimeType: 'image/png',
        buffer: makePng(480, 270, [14, 116, 144]),
      });
      const nudge = a.page.getByText('Add a description so everyone can enjoy your image.');
      await nudge.waitFor();
      await screenshot(a.page, 'social-alt-nudge', { fullPage: false });
      await a.page.getByLabel('Image description (alt text)').fill(description);
      await nudge.waitFor({ state: 'detached' });
      await a.page.getByRole('button', { name: 'Post', exact: true }).click();

      const card = postCard(a.page, content);
      const image = card.getByTestId('post-media');
      await image.waitFor();
      await expect(image.getAttribute('alt')).resolves.toBe(description);
      await a.page.getByRole('img', { name: description }).first().waitFor();
      await until(
        () => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        (width) => width > 0,
        'the image to load',
      );
      await a.page.waitForFunction(
        () => (document.querySelector('#post-content') as HTMLTextAreaElement).value === '',
      );
      await checkScreen(a.page, 'social-feed-with-described-image');
    },
    SCREENS_TIMEOUT,
  );

  it('keeps an unsent post and its audience across a reload, per weapon, and forgets it once posted', async () => {
    const { page } = await journey.signUpByApi('dora');
    await openFeed(page, '/epee');
    const content = `Draft: notes from the Saturday pool ${uniqueName('d')}`;
    await composerText(page).fill(content);
    await whoSeesIt(page).selectOption('connections');

    await page.reload();
    await feedLoaded(page);
    await untilIs(() => composerText(page).inputValue(), content, 'the draft to come back');
    await expect(whoSeesIt(page).inputValue()).resolves.toBe('connections');
    await screenshot(page, 'social-draft-restored', { fullPage: false });

    // Another weapon's composer is its own: empty there, the épée draft still kept.
    await page.getByRole('link', { name: 'Foil', exact: true }).filter({ visible: true }).first().click();
    await untilIs(() => Promise.resolve(pathOf(page)), '/foil', 'the foil feed');
    await feedLoaded(page);
    await untilIs(() => composerText(page).inputValue(), '', 'an empty foil composer');
    await expect(whoSeesIt(page).inputValue()).resolves.toBe('public');
    await page.goto('/epee');
    await feedLoaded(page);
    await untilIs(() => composerText(page).inputValue(), content, 'the épée draft');

    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const card = postCard(page, content);
    await card.getByTestId('visibility-badge').waitFor();
    await untilIs(() => composerText(page).inputValue(), '', 'the composer to clear');
    await page.reload();
    await feedLoaded(page);
    await postCard(page, content).waitFor();
    await expect(composerText(page).inputValue()).resolves.toBe('');
    await expect(whoSeesIt(page).inputValue()).resolves.toBe('public');
  });

  it('a connections-only post reaches A’s connection C, live and on its page, and never the stranger D', async () => {
    const a = await journey.signUpByApi('ana');
    const c = await journey.signUpByApi('carl');
    const d = await journey.signUpByApi('dino');
    await connect(a.context.request, c.context.request);
    await Promise.all([openFeed(c.page), openFeed(d.page)]);

    const privateText = `Club squad list for Sunday ${uniqueName('p')}`;
    const publicText = `Open training on Sunday ${uniqueName('o')}`;
    const hidden = await createPost(a.context.request, { content: privateText, visibility: 'connections' });
    // C is told of it live; then A posts publicly, and D is told of that one only.
    await textOf(c.page.getByTestId('new-posts'), 'New posts (1)');
    await createPost(a.context.request, { content: publicText });
    await textOf(c.page.getByTestId('new-posts'), 'New posts (2)');
    await textOf(d.page.getByTestId('new-posts'), 'New posts (1)');

    await c.page.getByTestId('new-posts').click();
    const onC = postCard(c.page, privateText);
    await onC.getByTestId('visibility-badge').getByText('Connections only').waitFor();
    await screenshot(c.page, 'social-connections-only-on-c', { fullPage: false });

    await d.page.reload();
    await feedLoaded(d.page);
    await postCard(d.page, publicText).waitFor();
    await expect(postCard(d.page, privateText).count()).resolves.toBe(0);

    await d.page.goto(`/posts/${hidden.id}`);
    await d.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect(d.page.getByText(privateText).count()).resolves.toBe(0);
    await screenshot(d.page, 'social-connections-only-not-found-for-d', { fullPage: false });

    await c.page.goto(`/posts/${hidden.id}`);
    await c.page.getByText(privateText).first().waitFor();
  });
});
