import type { ClubMember, ClubPage as ClubPageData, ClubRole } from '@piste/contracts';
import * as clubsApi from '../../api/clubs';
import { ApiError } from '../../api/client';
import { useClubPageStore } from '../../stores/club-page';
import { mountEach, settle } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { sessionUser } from '../../test-support/session-user';
import { ClubPage } from './ClubPage';

jest.mock('../../api/clubs');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

// The router mock has no :slug: the page reads it through useParams, given here.
jest.mock('../../lib/router', () => ({
  ...jest
    .requireActual<typeof import('../../test-support/router-mock')>('../../test-support/router-mock')
    .routerModule(),
  useParams: () => ({ slug: 'salle-lyon' }),
}));

// jsdom has no modal dialogs; hand over and remove confirm in one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const api = jest.mocked(clubsApi);
routerAddress();
const viewer = sessionUser({ id: 'u-viewer', username: 'viewer', name: 'Viewer' });

const fencer = (id: string, name: string) => ({
  id,
  username: name.toLowerCase(),
  name,
  avatar: null,
  title: null,
  weaponSpecialty: null,
  role: 'fencer' as const,
});
const member = (id: string, name: string, role: ClubRole): ClubMember => ({
  user: fencer(id, name),
  role,
  joinedAt: '2026-11-01T10:00:00.000Z',
});

function clubPage(
  viewerRole: ClubRole | null,
  {
    joinPolicy = 'request',
    viewerRequest = null,
    membersCount = 4,
  }: { joinPolicy?: 'open' | 'request'; viewerRequest?: 'pending' | null; membersCount?: number } = {},
): ClubPageData {
  return {
    club: {
      id: 'c1',
      slug: 'salle-lyon',
      name: 'Salle Lyon',
      city: 'Lyon',
      country: 'FR',
      weapons: ['epee', 'foil'],
      description: 'Tuesday and Thursday nights.',
      joinPolicy,
      logo: null,
      membersCount,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
    membersCount,
    viewerRole,
    viewerRequest,
  };
}

const MEMBERS = [
  member('u-owner', 'Olga', 'owner'),
  member('u-admin', 'Adam', 'admin'),
  member('u-coach', 'Cora', 'coach'),
  member('u-member', 'Max', 'member'),
];

function showing(page: ClubPageData, members: ClubMember[] = MEMBERS) {
  api.fetchClub.mockResolvedValue(page);
  api.fetchClubMembers.mockResolvedValue({ members, nextCursor: null });
  api.fetchClubRequests.mockResolvedValue([
    { user: fencer('u-new', 'Nina'), requestedAt: '2026-11-02T10:00:00.000Z' },
  ]);
  api.fetchClubPosts.mockResolvedValue({ posts: [], nextCursor: null });
}

beforeEach(() => {
  jest.resetAllMocks();
  useClubPageStore.getState().reset();
  showing(clubPage(null));
  // The first load answers on the next turn, as over the network: the settle below takes it in.
  api.fetchClub.mockImplementationOnce(
    () => new Promise((resolve) => setTimeout(() => resolve(clubPage(null)), 0)),
  );
});
const view = mountEach(() => <ClubPage user={viewer} />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

const buttons = () => [...host().querySelectorAll('button')].map((b) => b.textContent?.trim());
const button = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
const tabs = () => [...host().querySelectorAll('[role=tab]')].map((t) => t.textContent?.trim());
const roleSelect = (name: string) =>
  host().querySelector<HTMLSelectElement>(`select[aria-label="Role of ${name}"]`);
const optionsOf = (select: HTMLSelectElement | null) =>
  [...(select?.options ?? [])].map((option) => option.textContent);
const roleSelects = () => host().querySelectorAll('select[aria-label^="Role of"]');
const openTab = (id: string) =>
  settle(() => host().querySelector<HTMLButtonElement>(`#club-tab-${id}`)!.click());
const reopen = (page: ClubPageData, members?: ClubMember[]) => {
  showing(page, members);
  return settle(() => void useClubPageStore.getState().refresh());
};

describe('club page', () => {
  it('shows the club: name, place, weapons, description, members count', () => {
    expect(host().querySelector('h1')?.textContent).toBe('Salle Lyon');
    expect(host().textContent).toContain('Lyon, France');
    expect(host().textContent).toContain('Épée');
    expect(host().textContent).toContain('Tuesday and Thursday nights.');
    expect(host().querySelector('[data-testid=club-members-count]')?.textContent).toBe('4 members');
  });

  it('offers Ask to join by request, Join when open, and Request sent once asked', async () => {
    expect(buttons()).toContain('Ask to join');
    api.joinClub.mockResolvedValue(clubPage(null, { viewerRequest: 'pending' }));
    showing(clubPage(null, { viewerRequest: 'pending' }));
    await settle(() => button('Ask to join')!.click());
    expect(api.joinClub).toHaveBeenCalledWith('salle-lyon');
    expect(button('Request sent')?.disabled).toBe(true);

    await reopen(clubPage(null, { joinPolicy: 'open' }));
    expect(buttons()).toContain('Join');
  });

  it('a member sees their role and Leave, the members list without controls, and no admin tabs', async () => {
    await reopen(clubPage('member'));
    expect(buttons()).toContain('Leave');
    expect(tabs()).toEqual(['Posts', 'Events', 'Members']);
    await openTab('members');
    expect(host().textContent).toContain('Olga');
    expect(roleSelects()).toHaveLength(0);
    expect(api.fetchClubRequests).not.toHaveBeenCalled();

    api.removeClubMember.mockResolvedValue();
    await settle(() => button('Leave')!.click());
    expect(api.removeClubMember).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('Leave Salle Lyon?');
    await settle(() => button('Leave club')!.click());
    expect(api.removeClubMember).toHaveBeenCalledWith('salle-lyon', 'u-viewer');
  });

  it('an admin sets members and coaches to member or coach only, and answers requests', async () => {
    await reopen(clubPage('admin'), [...MEMBERS, member('u-viewer', 'Viewer', 'admin')]);
    expect(tabs()).toEqual(['Posts', 'Events', 'Members', 'Requests1', 'Edit']);
    await openTab('members');
    expect(optionsOf(roleSelect('Max'))).toEqual(['Member', 'Coach']);
    expect(optionsOf(roleSelect('Cora'))).toEqual(['Member', 'Coach']);
    // Another admin, the owner and the viewer themselves are not the admin's to change.
    expect(roleSelect('Adam')).toBeNull();
    expect(roleSelect('Olga')).toBeNull();
    expect(roleSelect('Viewer')).toBeNull();
    expect(buttons()).toContain('Leave');

    await settle(() => host().querySelector<HTMLButtonElement>('#club-tab-requests')!.click());
    api.answerClubRequest.mockResolvedValue();
    await settle(() => host().querySelector<HTMLButtonElement>('[aria-label="Accept Nina"]')!.click());
    expect(api.answerClubRequest).toHaveBeenCalledWith('salle-lyon', 'u-new', true);
  });

  it('the owner grants admin and hands over ownership after a confirm; cannot leave', async () => {
    await reopen(clubPage('owner'), [member('u-viewer', 'Viewer', 'owner'), ...MEMBERS.slice(1)]);
    expect(buttons()).not.toContain('Leave');
    await openTab('members');
    expect(optionsOf(roleSelect('Adam'))).toEqual(['Member', 'Coach', 'Admin', 'Hand over ownership']);

    const select = roleSelect('Max')!;
    await settle(() => {
      select.value = 'owner';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(api.setClubRole).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('Hand over ownership?');
    api.setClubRole.mockResolvedValue();
    await settle(() => button('Hand over')!.click());
    expect(api.setClubRole).toHaveBeenCalledWith('salle-lyon', 'u-member', 'owner');
  });

  it('opens on the posts: members write for the club by default, others see what it shares publicly', async () => {
    expect(api.fetchClubPosts).toHaveBeenCalledWith('salle-lyon', undefined);
    expect(host().querySelector('form[aria-label="Create a post"]')).toBeNull();
    expect(host().querySelector('[data-testid=club-posts-empty]')?.textContent).toContain(
      'When Salle Lyon posts for everyone',
    );

    await reopen(clubPage('member'));
    const visibility = host().querySelector<HTMLSelectElement>('#post-visibility');
    expect(visibility?.value).toBe('club');
    expect(optionsOf(visibility)).toEqual(['Club members', 'Public']);
    expect(host().querySelector('[data-testid=club-posts-empty]')?.textContent).toContain('training times');
  });

  it('tells an owner alone in their club how to bring fencers in', async () => {
    await reopen(clubPage('owner', { membersCount: 1 }), [member('u-viewer', 'Viewer', 'owner')]);
    const alone = host().querySelector('[data-testid=club-alone]');
    expect(alone?.textContent).toContain('Your club has only you so far');
    expect(alone?.textContent).toContain('share this page');
    expect(buttons()).toContain('Edit joining');
  });

  it('shows the not-found screen for a club that does not exist', async () => {
    api.fetchClub.mockRejectedValue(new ApiError('Club not found', 404));
    await settle(() => void useClubPageStore.getState().refresh());
    expect(host().querySelector('h1')?.textContent).toBe('404 Page Not Found');
  });
});
