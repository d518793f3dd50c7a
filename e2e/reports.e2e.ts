import type { Locator, Page } from 'playwright-core';
import { connect, createPost, ok, reportItem, reportPost, sendMessage, uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { checkScreen, SCREEN_TAB, SCREENS_TIMEOUT } from './screen-checks';
import { feedLoaded, live, postCard, screenshot, signIn } from './ui';

/** The report dialog: pick a category, add details, send; the confirmation follows. */
async function fileReport(page: Page, title: string, category: string, details: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByLabel(category, { exact: true }).check();
  await dialog.getByLabel('Details (optional)').fill(details);
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await page.getByText('Report submitted').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

/** The admin's card of a pending report, found by what it shows. */
function pendingCard(page: Page, kind: string, text: string): Locator {
  return page.locator(`article[data-target-type="${kind}"]`, { hasText: text });
}

describeInBrowser('reports beyond posts', () => {
  const journey = journeyFixture({ admin: true });

  it(
    'a fencer reports a comment, a message and a fencer; the admin sees each live and bans from the message',
    async () => {
      const admin = await journey.newTab();
      const [alice, bruno] = await Promise.all([
        journey.signUpByApi('alice', {
          name: 'Alice Marchand',
          bio: 'Official FIE account. Send me your fees.',
        }),
        journey.signUpByApi('bruno', {}, SCREEN_TAB),
      ]);
      await signIn(admin.page, journey.admin.username, journey.admin.password);
      await connect(alice.context.request, bruno.context.request);

      // Bruno posts; Alice comments on it, writes to him, and posts something he reports as the spec does.
      const postText = `Lunge ladder ${uniqueName('p')}`;
      const brunoPost = await createPost(bruno.context.request, { content: postText });
      const commentText = `Nobody wants you at the club ${uniqueName('c')}`;
      await ok(
        alice.context.request.post('/api/comments', { data: { postId: brunoPost.id, content: commentText } }),
      );
      const messageText = `Pay me for the blades or else ${uniqueName('m')}`;
      await sendMessage(alice.context.request, bruno.user.id, messageText);
      const alicePost = await createPost(alice.context.request, {
        content: `Cheap blades ${uniqueName('s')}`,
      });
      await reportPost(bruno.context.request, alicePost.id);

      // The admin has the queue open, live: the spec's post report is there.
      await admin.page.getByRole('link', { name: 'Moderation, 1 pending report' }).click();
      await pendingCard(admin.page, 'post', 'Inappropriate content').waitFor();
      await live(admin.page);

      // The comment, from its menu (Bruno's own comments have none).
      const { page } = bruno;
      await page.goto('/epee');
      await feedLoaded(page);
      await postCard(page, postText)
        .getByRole('button', { name: /^Comment, / })
        .click();
      const comment = page.getByTestId('comment').filter({ hasText: commentText });
      await comment.getByRole('button', { name: 'Comment options' }).click();
      await comment.getByRole('menuitem', { name: 'Report comment' }).click();
      const commentDialog = page.getByRole('dialog', { name: 'Report comment' });
      await commentDialog.getByText(`What is wrong with Alice Marchand's comment?`).waitFor();
      // Nothing goes without a reason.
      await commentDialog.getByRole('button', { name: 'Submit report' }).click();
      await commentDialog.getByText('Choose a reason').waitFor();
      await commentDialog.getByLabel('Harassment', { exact: true }).check();
      await commentDialog.getByLabel('Details (optional)').fill('Third time this week.');
      await checkScreen(page, 'reports-dialog');
      await commentDialog.getByRole('button', { name: 'Submit report' }).click();
      await page
        .getByText('Thank you for helping keep our community safe. Our team will review this comment.')
        .waitFor();

      const commentCard = pendingCard(admin.page, 'comment', commentText);
      await commentCard.getByRole('heading', { name: 'Harassment' }).waitFor();
      await commentCard.getByText('Third time this week.').waitFor();
      await commentCard.getByRole('link', { name: 'View the post it is on' }).waitFor();
      // A comment's report offers no Delete Post.
      await expect(commentCard.getByRole('button', { name: 'Delete Post' }).count()).resolves.toBe(0);

      // The message, from its menu in the conversation (his own messages have none).
      await page.goto(`/messages?with=${alice.user.id}`);
      const message = page.getByTestId('message').filter({ hasText: messageText });
      await message.hover();
      await message.getByRole('button', { name: 'Message options' }).click();
      await message.getByRole('menuitem', { name: 'Report message' }).waitFor();
      await screenshot(page, 'reports-message-menu', { fullPage: false });
      await screenshot(page, 'reports-message-menu', { fullPage: false, phone: true });
      await message.getByRole('menuitem', { name: 'Report message' }).click();
      await fileReport(page, 'Report message', 'Violence', 'A threat over money.');
      const messageCard = pendingCard(admin.page, 'message', messageText);
      await messageCard.getByRole('heading', { name: 'Violence' }).waitFor();
      await messageCard.getByText('A direct message: only this report shows it to moderators.').waitFor();
      await messageCard.getByRole('link', { name: `Fencer ${bruno.user.username}` }).waitFor();

      // The fencer, from their page.
      await page.goto(`/u/${alice.user.username}`);
      await page.getByRole('heading', { name: 'Alice Marchand' }).waitFor();
      await page.getByRole('button', { name: 'Fencer options' }).click();
      await page.getByRole('menuitem', { name: 'Report fencer' }).waitFor();
      await screenshot(page, 'reports-fencer-menu', { fullPage: false });
      await screenshot(page, 'reports-fencer-menu', { fullPage: false, phone: true });
      await page.getByRole('menuitem', { name: 'Report fencer' }).click();
      await fileReport(page, 'Report fencer', 'Impersonation', 'Pretends to be the federation.');
      const fencerCard = pendingCard(admin.page, 'user', 'Official FIE account.');
      await fencerCard.getByRole('heading', { name: 'Impersonation' }).waitFor();
      await fencerCard.getByText(`@${alice.user.username}`).waitFor();
      // Nobody reports themselves: Bruno's own page has no such menu.
      await page.goto(`/u/${bruno.user.username}`);
      await page.getByRole('link', { name: 'Edit profile' }).waitFor();
      await expect(page.getByRole('button', { name: 'Fencer options' }).count()).resolves.toBe(0);

      // One report of each kind, all live: the header counts them.
      await admin.page.getByRole('link', { name: 'Moderation, 4 pending reports' }).waitFor();
      await expect(admin.page.getByTestId('pending-count').textContent()).resolves.toBe('4');

      // Ban from the message's report: the sender is the one banned.
      await messageCard.getByRole('button', { name: 'Ban User' }).click();
      const banDialog = admin.page.getByRole('dialog', { name: 'Ban User' });
      await banDialog.getByText('Temporarily ban Alice Marchand from posting and commenting.').waitFor();
      await banDialog.locator('#ban-reason').fill('Threats in direct messages');
      await banDialog.getByRole('button', { name: 'Ban User' }).click();
      await admin.page.getByText('The user has been temporarily banned from posting').waitFor();
      await expect(messageCard.count()).resolves.toBe(0);
      const aliceBan = await ok<{ ban: { userId: string } | null }>(
        alice.context.request.get('/api/bans/me'),
      );
      expect(aliceBan.ban?.userId).toBe(alice.user.id);
      const brunoBan = await ok<{ ban: unknown }>(bruno.context.request.get('/api/bans/me'));
      expect(brunoBan.ban).toBeNull();

      // Dismiss the fencer's report: it joins the resolved list with its preview.
      await fencerCard.getByRole('button', { name: 'Dismiss' }).click();
      await admin.page.getByText('Report has been updated').waitFor();
      await admin.page.getByRole('heading', { name: 'Resolved Reports (2)' }).waitFor();
      await admin.page
        .locator('li[data-target-type="user"]')
        .getByText('Official FIE account.', { exact: false })
        .waitFor();
    },
    SCREENS_TIMEOUT * 2,
  );

  it(
    'the queue shows one report of each kind in place',
    async () => {
      const admin = await journey.newTab(SCREEN_TAB);
      const [alice, bruno] = await Promise.all([
        journey.signUpByApi('alice', {
          name: 'Alice Marchand',
          title: 'Club captain',
          weaponSpecialty: 'sabre',
        }),
        journey.signUpByApi('bruno'),
      ]);
      await connect(alice.context.request, bruno.context.request);
      const brunoPost = await createPost(bruno.context.request, { content: 'Footwork ladder, three sets.' });
      const comment = await ok<{ id: string }>(
        alice.context.request.post('/api/comments', {
          data: { postId: brunoPost.id, content: 'Nobody wants you at the club, quit.' },
        }),
      );
      const sent = await ok<{ message: { id: string } }>(
        alice.context.request.post('/api/messages', {
          data: { receiverId: bruno.user.id, content: 'Pay me for the blades by Friday or else.' },
        }),
      );
      const post = await createPost(alice.context.request, {
        content: 'Cheap blades, half price, message me.',
      });
      const request = bruno.context.request;
      const fresh = [
        await reportPost(request, post.id),
        await reportItem(request, 'comment', comment.id, 'harassment', 'Third time this week.'),
        await reportItem(request, 'message', sent.message.id, 'violence'),
        await reportItem(request, 'user', alice.user.id, 'impersonation', 'Pretends to be the federation.'),
      ].map((report) => (report as { id: string }).id);
      await signIn(admin.page, journey.admin.username, journey.admin.password);
      // Only these four wait in the queue: what earlier tests left is dismissed.
      const queued = await ok<{ id: string; status: string }[]>(admin.context.request.get('/api/reports'));
      for (const report of queued.filter((r) => r.status === 'pending' && !fresh.includes(r.id))) {
        await ok(admin.context.request.patch(`/api/reports/${report.id}`, { data: { status: 'dismissed' } }));
      }
      await admin.page.goto('/moderation');
      await admin.page.getByRole('link', { name: 'Moderation, 4 pending reports' }).waitFor();
      for (const kind of ['post', 'comment', 'message', 'user']) {
        await admin.page.locator(`article[data-target-type="${kind}"]`).first().waitFor();
      }
      await checkScreen(admin.page, 'reports-queue');
    },
    SCREENS_TIMEOUT,
  );
});
