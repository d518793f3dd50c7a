import type { Report, ReportedContent } from '@piste/contracts';
import { mountEach } from '../../test-support/mounted';
import { PendingReportCard } from './PendingReportCard';
import { ReportedContentPreview } from './ReportedContentPreview';

// A plain anchor for Link: where a link goes is what is checked, not the navigation.
jest.mock('../../lib/router', () => ({
  Link: ({ to, ...props }: { to: string }) =>
    jest.requireActual<typeof import('react')>('react').createElement('a', { href: to, ...props }),
}));

function reportOf(target: ReportedContent, overrides: Partial<Report> = {}): Report {
  const isPost = target.type === 'post';
  return {
    id: 'r1',
    postId: isPost ? target.postId : null,
    reason: 'harassment',
    description: null,
    status: 'pending',
    createdAt: '2026-11-22T10:00:00.000Z',
    resolvedAt: null,
    reporterId: 'reporter-1',
    reviewedBy: null,
    targetType: target.type,
    targetId: 'item-1',
    category: 'harassment',
    targetUserId: 'person-1',
    post: isPost
      ? { content: target.content, authorId: target.authorId, authorName: target.authorName, deleted: false }
      : null,
    target,
    actions: [],
    ...overrides,
  };
}

const comment: ReportedContent = {
  type: 'comment',
  commentId: 'comment-1',
  postId: 'post-9',
  content: 'Nobody wants you at the club',
  authorId: 'person-1',
  authorName: 'Hugo',
  deleted: false,
};
const message: ReportedContent = {
  type: 'message',
  messageId: 'message-1',
  content: 'Send me your address',
  sentAt: '2026-11-22T09:00:00.000Z',
  senderId: 'person-1',
  senderName: 'Sam',
  receiverId: 'reporter-1',
  receiverName: 'Bea',
  deleted: false,
};
const fencer: ReportedContent = {
  type: 'user',
  userId: 'person-1',
  username: 'fake_champion',
  name: 'Olympic Champion',
  avatar: null,
  title: 'Official account',
  bio: 'DM me for cheap blades',
  role: 'coach',
  weaponSpecialty: 'sabre',
  deleted: false,
};
const post: ReportedContent = {
  type: 'post',
  postId: 'post-1',
  content: 'Buy blades',
  authorId: 'person-1',
  authorName: 'Alice',
  deleted: false,
};

let shown: Report = reportOf(comment);
const view = mountEach(() => <ReportedContentPreview report={shown} />);
const show = (report: Report) => {
  shown = report;
  view.render(<ReportedContentPreview report={report} />);
};
const text = () => view.host().textContent ?? '';
const links = () =>
  Array.from(view.host().querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
const kind = () => view.host().querySelector('[data-testid="reported-content"]')?.getAttribute('data-kind');

describe('ReportedContentPreview', () => {
  it('shows a comment with its author and a link to its post', () => {
    show(reportOf(comment));
    expect(kind()).toBe('comment');
    expect(text()).toContain('Nobody wants you at the club');
    expect(links()).toEqual(
      expect.arrayContaining([
        ['Hugo', '/u/id/person-1'],
        ['View the post it is on', '/posts/post-9'],
      ]),
    );
    expect(text()).not.toContain('Comment deleted');
  });

  it('shows a direct message with its sender and receiver, and says only the report shows it', () => {
    show(reportOf(message));
    expect(kind()).toBe('message');
    expect(text()).toContain('Send me your address');
    expect(links()).toEqual(
      expect.arrayContaining([
        ['Sam', '/u/id/person-1'],
        ['Bea', '/u/id/reporter-1'],
      ]),
    );
    expect(text()).toContain('A direct message: only this report shows it to moderators.');
  });

  it("shows a fencer's profile summary with a link to their page", () => {
    show(reportOf(fencer));
    expect(kind()).toBe('fencer');
    expect(text()).toContain('Olympic Champion');
    expect(text()).toContain('@fake_champion · Official account · Sabre');
    expect(text()).toContain('DM me for cheap blades');
    expect(view.host().querySelector('[data-testid="role-badge"]')?.getAttribute('data-role')).toBe('coach');
    expect(links()).toEqual(expect.arrayContaining([['View their page', '/u/fake_champion']]));
  });

  it('shows a post as it was, with a link to it', () => {
    show(reportOf(post));
    expect(kind()).toBe('post');
    expect(text()).toContain('Buy blades');
    expect(links()).toEqual(expect.arrayContaining([['View post', '/posts/post-1']]));
  });

  it.each([
    [{ ...comment, deleted: true, authorId: null, authorName: null }, 'Comment deleted', 'Deleted account'],
    [{ ...message, deleted: true, senderId: null, senderName: null }, 'Message deleted', 'Deleted account'],
    [
      { ...fencer, deleted: true, userId: null, username: null, name: null, avatar: null },
      'Account deleted',
      'Deleted account',
    ],
    [{ ...post, deleted: true }, 'Post deleted', 'Alice'],
  ] as [ReportedContent, string, string][])(
    'keeps the text of a %# that is gone, says so, and links nowhere it cannot lead',
    (target, badge, who) => {
      show(reportOf(target));
      expect(text()).toContain(badge);
      expect(text()).toContain(who);
      expect(links().filter(([label]) => label?.startsWith('View'))).toEqual([]);
    },
  );
});

describe('PendingReportCard', () => {
  const handlers = { onDeletePost: jest.fn(), onBanUser: jest.fn(), onDismiss: jest.fn() };
  const card = mountEach(() => <PendingReportCard report={reportOf(comment)} busy={null} {...handlers} />);
  const buttons = () => Array.from(card.host().querySelectorAll('button')).map((b) => b.textContent);

  it('heads a report with its category, says what it is about, and offers Ban User and Dismiss', () => {
    card.render(
      <PendingReportCard
        report={reportOf(comment, { description: 'Third time this week' })}
        busy={null}
        {...handlers}
      />,
    );
    expect(card.host().querySelector('h3')?.textContent).toBe('Harassment');
    expect(card.host().textContent).toContain('Comment');
    expect(card.host().textContent).toContain('Comment ID:item-1');
    expect(card.host().textContent).toContain('Third time this week');
    expect(buttons()).toEqual(['Ban User', 'Dismiss']);
  });

  it("keeps the spec's card for a post report: its reason, post id and Delete Post", () => {
    card.render(
      <PendingReportCard
        report={reportOf(post, { reason: 'Inappropriate content', category: null })}
        busy={null}
        {...handlers}
      />,
    );
    expect(card.host().querySelector('h3')?.textContent).toBe('Inappropriate content');
    expect(card.host().textContent).toContain('Post ID:post-1');
    expect(buttons()).toEqual(['Delete Post', 'Ban User', 'Dismiss']);
  });
});
