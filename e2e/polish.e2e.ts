import type { Locator, Page } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { createPost, logInByApi, ok, sessionUser, signUpByApi, uniqueName, uploadPostMedia } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { feedLoaded, live, postCard, registerInBrowser, screenshot, signIn, untilIs } from './ui';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
] as const;

/** The like or dislike button of a card, whatever count its label names. */
function reactionButton(card: Locator, label: 'Like' | 'Dislike'): Locator {
  return card.getByRole('button', { name: new RegExp(`^${label}\\b`) });
}

/** The ids and shown state of a card's reactions, to compare two tabs. */
async function reactionsOf(card: Locator): Promise<string> {
  const like = reactionButton(card, 'Like');
  const dislike = reactionButton(card, 'Dislike');
  return [
    `like ${await like.getAttribute('aria-pressed')} ${await card.getByTestId('like-count').textContent()}`,
    `dislike ${await dislike.getAttribute('aria-pressed')} ${await card.getByTestId('dislike-count').textContent()}`,
  ].join(', ');
}

/** A short WebM clip made in the page (a canvas recorded with MediaRecorder), as a phone would give one. */
async function recordClip(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const t = (performance.now() - started) / 1000;
        context.fillStyle = '#047857';
        context.fillRect(0, 0, 320, 180);
        context.fillStyle = '#fbbf24';
        context.fillRect(20 + t * 120, 60, 60, 60);
        if (t > 1.6) {
          clearInterval(timer);
          resolve();
        }
      }, 40);
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

describeInBrowser('polish: landing, /post, bans, own tabs, images and videos', () => {
  const journey = journeyFixture({ admin: true });

  it.each(SIZES)('a new fencer lands at the top of the feed, composer in view ($width px)', async (size) => {
    const { context, page } = await journey.newTab({ viewport: size });
    // Others' posts make the feed longer than the screen, so a kept offset would show.
    await signUpByApi(context.request, { username: uniqueName('poster'), name: 'Prolific Poster' });
    for (let i = 0; i < 6; i++) {
      await createPost(context.request, { content: `Filler ${i} ${'so the feed scrolls '.repeat(12)}` });
    }
    await ok(context.request.post('/api/logout'));

    await registerInBrowser(page, uniqueName('newbie'));
    await feedLoaded(page);
    const composer = page.getByTestId('composer');
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    const box = (await composer.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height);
    // The 'Welcome' toast, shown while the auth screen was, leaves the composer's text box free.
    const welcome = page.locator('[data-toast-variant]', { hasText: 'Welcome to Piste!' });
    await welcome.waitFor();
    await page.waitForTimeout(400);
    const toast = (await welcome.boundingBox())!;
    const field = (await page.locator('#post-content').boundingBox())!;
    const overlap =
      toast.x < field.x + field.width &&
      field.x < toast.x + toast.width &&
      toast.y < field.y + field.height &&
      field.y < toast.y + toast.height;
    expect(overlap).toBe(false);
    await screenshot(page, `polish-landing-${size.width}`, { fullPage: false });
  });

  it('posting to Foil from /post (the last feed was Épée) opens /foil with the post on top, once', async () => {
    const { page } = await journey.signUp('foilist');
    await page.goto('/epee');
    await page.getByTestId('composer').waitFor();
    await page.getByRole('link', { name: 'Create post' }).click();
    await page.getByRole('heading', { name: 'Create a Post' }).waitFor();
    await expect(page.locator('#post-weapon').inputValue()).resolves.toBe('epee');
    await page.locator('#post-weapon').selectOption('foil');
    const content = `Parry four, riposte ${uniqueName('foil')}`;
    await page.locator('#post-content').fill(content);
    await page.getByTestId('composer').getByRole('button', { name: 'Post', exact: true }).click();

    await page.waitForURL(/\/foil$/);
    await page.locator('[data-weapon=foil]').waitFor();
    const first = page.getByTestId('post-card').first();
    await first.getByText(content).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    // The live event has come and gone by now: still one card.
    await page.waitForTimeout(1000);
    await expect(postCard(page, content).count()).resolves.toBe(1);
    await screenshot(page, 'polish-post-to-foil', { fullPage: false });
  });

  it('a ban closes the composer and the comment box live, after a reload and on signing in again', async () => {
    const admin = (await journey.newTab()).context.request;
    await logInByApi(admin, journey.admin.username, journey.admin.password);
    const { page, username } = await journey.signUp('banned');
    const userId = (await sessionUser(page.request)).id;
    const content = `Someone else's bout ${uniqueName('bout')}`;
    await createPost(admin, { content });

    await page.goto('/epee');
    const card = postCard(page, content);
    await card.getByRole('button', { name: /^Comment\b/ }).click();
    const commentBox = card.getByPlaceholder('Write a comment...');
    await commentBox.waitFor();
    await expect(page.locator('#post-content').isEnabled()).resolves.toBe(true);
    await live(page);

    await ok(admin.post('/api/bans', { data: { userId, reason: 'Unsporting conduct', durationHours: 24 } }));

    /** The composer and the open comment box say so and take no input. */
    async function expectClosed(where: string, commentsOpen = true): Promise<void> {
      const note = page.getByTestId('composer').getByTestId('banned-note');
      await note.getByText(/^You are banned from posting until .+/).waitFor();
      await expect(page.locator('#post-content').isDisabled()).resolves.toBe(true);
      if (commentsOpen) {
        await card.getByTestId('banned-note').waitFor();
        await expect(commentBox.isDisabled()).resolves.toBe(true);
      }
      await screenshot(page, `polish-banned-${where}`, { fullPage: false });
    }
    await expectClosed('live');

    await page.reload();
    await card.getByRole('button', { name: /^Comment\b/ }).click();
    await expectClosed('after-reload');

    const { page: phone } = await journey.newTab({ viewport: { width: 360, height: 740 } });
    await signIn(phone, username);
    await phone.getByTestId('composer').getByTestId('banned-note').waitFor();
    await expect(phone.locator('#post-content').isDisabled()).resolves.toBe(true);
    const phoneCard = postCard(phone, content);
    await phoneCard.getByRole('button', { name: /^Comment\b/ }).click();
    await phoneCard.getByTestId('banned-note').waitFor();
    await expect(phoneCard.getByPlaceholder('Write a comment...').isDisabled()).resolves.toBe(true);
    await screenshot(phone, 'polish-banned-signed-in-360', { fullPage: false });
  });

  it('a like in one tab shows in the same fencer’s other tab, and a dislike there comes back', async () => {
    const author = await journey.signUp('author');
    const content = `Two tabs ${uniqueName('tabs')}`;
    await createPost(author.page.request, { content, weapon: 'sabre' });

    const { context, page: tabA } = await journey.signUp('fan');
    const tabB = await context.newPage();
    tabB.setDefaultTimeout(10_000);
    await Promise.all([tabA.goto('/sabre'), tabB.goto('/sabre')]);
    const cardA = postCard(tabA, content);
    const cardB = postCard(tabB, content);
    await Promise.all([cardA.waitFor(), cardB.waitFor()]);
    await Promise.all([live(tabA), live(tabB)]);

    await reactionButton(cardA, 'Like').click();
    await untilIs(() => reactionsOf(cardA), 'like true 1, dislike false 0', 'tab A to show the like');
    await untilIs(() => reactionsOf(cardB), 'like true 1, dislike false 0', 'tab B to follow the like');

    await reactionButton(cardB, 'Dislike').click();
    await untilIs(() => reactionsOf(cardB), 'like false 0, dislike true 1', 'tab B to show the dislike');
    await untilIs(() => reactionsOf(cardA), 'like false 0, dislike true 1', 'tab A to follow the dislike');

    // Taking it back in A: B follows, and nothing says 'Already Liked' or the like.
    await reactionButton(cardA, 'Dislike').click();
    await untilIs(() => reactionsOf(cardB), 'like false 0, dislike false 0', 'tab B to follow the undo');
    await screenshot(tabB, 'polish-two-tabs', { fullPage: false });
  });

  it('an image opens in a lightbox, on a desktop and on a phone', async () => {
    const { page } = await journey.signUp('photog');
    await page.goto('/foil');
    const content = `Salle at dawn ${uniqueName('img')}`;
    await page.locator('#post-content').fill(content);
    await page.locator('#post-media').setInputFiles({
      name: 'salle.png',
      mimeType: 'image/png',
      buffer: makePng(1600, 900, [5, 150, 105]),
    });
    await page.getByTestId('composer').getByRole('button', { name: 'Post', exact: true }).click();
    const card = postCard(page, content);
    const opener = card.getByRole('button', { name: 'View the full-size image' });
    await opener.waitFor();

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Full-size image' });
      await dialog.waitFor();
      await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
      await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe('hidden');
      const image = dialog.getByTestId('lightbox-image');
      await untilIs(
        () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        1600,
        'the original to load',
      );
      const box = (await image.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      await expect(dialog.getByRole('link', { name: 'Open original' }).getAttribute('href')).resolves.toMatch(
        /^\/objects\/post\//,
      );
      await screenshot(page, `polish-lightbox-${size.width}`, { fullPage: false });

      if (size.width > 400) await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await untilIs(
        () => opener.evaluate((el) => el === document.activeElement),
        true,
        'the focus back on the image that opened it',
      );
      await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe('');
    }
  });

  it('a video gets a poster frame captured in the browser; one posted without shows its first frame', async () => {
    const { page } = await journey.signUp('filmer');
    await page.goto('/sabre');
    const clip = await recordClip(page);
    expect(clip.length).toBeGreaterThan(1000);

    const content = `Footwork clip ${uniqueName('video')}`;
    await page.locator('#post-content').fill(content);
    await page
      .locator('#post-media')
      .setInputFiles({ name: 'footwork.webm', mimeType: 'video/webm', buffer: clip });
    await page.getByTestId('composer').locator('video').waitFor();
    await page.getByTestId('composer').getByRole('button', { name: 'Post', exact: true }).click();
    const video = postCard(page, content).getByTestId('post-media');
    await video.waitFor();
    const poster = await video.getAttribute('poster');
    expect(poster).toMatch(/^\/objects\/post\/[0-9a-f]+$/);
    await expect(video.getAttribute('preload')).resolves.toBe('metadata');
    await expect(video.getAttribute('src')).resolves.toMatch(/^\/objects\/post\/[0-9a-f]+$/);
    const served = await page.request.get(poster!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/jpeg');

    // A video posted without a poster (as before posters existed) asks for its first frame instead.
    const oldContent = `Older clip ${uniqueName('video')}`;
    const mediaUrl = await uploadPostMedia(page.request, clip, 'video/webm', 'clip.webm');
    await createPost(page.request, { content: oldContent, weapon: 'sabre', mediaUrl, mediaType: 'video' });
    await page.reload();
    const older = postCard(page, oldContent).getByTestId('post-media');
    await older.waitFor();
    await expect(older.getAttribute('poster')).resolves.toBeNull();
    await expect(older.getAttribute('src')).resolves.toBe(`${mediaUrl}#t=0.1`);
    await expect(older.getAttribute('preload')).resolves.toBe('metadata');

    await postCard(page, content).scrollIntoViewIfNeeded();
    await screenshot(page, 'polish-video-poster', { fullPage: false });
    await page.setViewportSize({ width: 360, height: 740 });
    await postCard(page, content).scrollIntoViewIfNeeded();
    await screenshot(page, 'polish-video-poster-360', { fullPage: false });
  });
});
