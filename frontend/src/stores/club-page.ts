import i18next from 'i18next';
import type {
  ClubMember,
  ClubPage,
  ClubRequest,
  ClubRole,
  CreateClubPayload,
  ServerEventPayload,
  UpdateClubPayload,
} from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as clubsApi from '../api/clubs';
import { uploadFile } from '../api/objects';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** Those who run a club: they answer requests, set roles and edit it. */
export const runsClub = (role: ClubRole | null): boolean => role === 'admin' || role === 'owner';

type LoadStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** The club open at /clubs/{slug}: its page, its members and, for its admins, who asks to join. */
interface ClubPageState {
  slug: string | null;
  page: ClubPage | null;
  status: LoadStatus;
  members: ClubMember[];
  membersCursor: string | null;
  loadingMoreMembers: boolean;
  /** Only admins see them; empty for everyone else. */
  requests: ClubRequest[];
  /** The fencers (by id) whose request, role or membership is being changed. */
  busy: string[];
  /** Joining, leaving, saving an edit or deleting the club is on its way. */
  acting: boolean;
  /** Shows the club `slug`; the same club again is fetched behind what is shown. */
  open: (slug: string) => Promise<void>;
  /** Fetches the page, the members and (for admins) the requests again. */
  refresh: () => Promise<void>;
  loadMoreMembers: () => Promise<void>;
  /** Creates a club and opens it; returns its slug. Rejects with the server's text. */
  create: (payload: CreateClubPayload) => Promise<string>;
  /** Joins at once (open clubs) or asks to (by request). */
  join: () => Promise<void>;
  /** The viewer (`userId`) leaves the club. */
  leave: (userId: string) => Promise<void>;
  accept: (request: ClubRequest) => Promise<void>;
  decline: (request: ClubRequest) => Promise<void>;
  /** Sets a member's role; 'owner' hands the club over to them. */
  setRole: (member: ClubMember, role: ClubRole) => Promise<void>;
  remove: (member: ClubMember) => Promise<void>;
  /** Saves an admin's edit. Rejects with the server's text. */
  update: (edit: UpdateClubPayload) => Promise<void>;
  /** Uploads an image as the club's logo and saves it; says why when either step fails. */
  uploadLogo: (file: File) => Promise<void>;
  /** Deletes the club (the owner); true once it is gone. */
  deleteClub: () => Promise<boolean>;
  /** `club:request`: someone asks to join a club this admin runs. */
  receiveRequest: (event: ServerEventPayload<'club:request'>) => void;
  /** `club:member`: the viewer joined, was accepted, changed role or left. */
  receiveMember: (event: ServerEventPayload<'club:member'>) => void;
  reset: () => void;
}

const INITIAL = {
  slug: null,
  page: null,
  status: 'loading' as LoadStatus,
  members: [] as ClubMember[],
  membersCursor: null,
  loadingMoreMembers: false,
  requests: [] as ClubRequest[],
  busy: [] as string[],
  acting: false,
};

/** A fetch of the club drops any reply started before it (or for another club). */
let sequence = 0;

const nameOf = (fencer: { name: string | null; username: string }) => fencer.name?.trim() || fencer.username;

/** The toast's sentence for each role a fencer is given. */
const ROLE_CHANGED = {
  member: 'clubs:toasts.roleChanged.member',
  coach: 'clubs:toasts.roleChanged.coach',
  admin: 'clubs:toasts.roleChanged.admin',
  owner: 'clubs:toasts.roleChanged.owner',
} as const satisfies Record<ClubRole, string>;

const tryLater = () => i18next.t('common:errors.tryAgainLater');

export const useClubPageStore = create<ClubPageState>()((set, get) => {
  /** Runs an action on one fencer's row, once at a time, and refreshes the club after it. */
  async function onFencer(userId: string, action: () => Promise<void>, failure: string): Promise<void> {
    if (get().busy.includes(userId)) return;
    set((state) => ({ busy: [...state.busy, userId] }));
    try {
      await action();
    } catch (error) {
      notify.error(failure, errorMessage(error, tryLater()));
    } finally {
      set((state) => ({ busy: state.busy.filter((id) => id !== userId) }));
    }
    await get().refresh();
  }

  function slugOrThrow(): string {
    const { slug } = get();
    if (!slug) throw new Error('No club is open');
    return slug;
  }

  return {
    ...INITIAL,

    open: async (slug) => {
      if (slug !== get().slug) {
        sequence++;
        set({ ...INITIAL, slug });
      }
      await get().refresh();
    },

    refresh: async () => {
      const { slug } = get();
      if (!slug) return;
      const started = ++sequence;
      try {
        const page = await clubsApi.fetchClub(slug);
        const [members, requests] = await Promise.all([
          clubsApi.fetchClubMembers(slug),
          runsClub(page.viewerRole) ? clubsApi.fetchClubRequests(slug) : Promise.resolve([]),
        ]);
        if (started !== sequence) return;
        set({
          page,
          status: 'ready',
          members: members.members,
          membersCursor: members.nextCursor,
          loadingMoreMembers: false,
          requests,
        });
      } catch (error) {
        if (started !== sequence) return;
        // A malformed slug is refused with 400 'Club not found': no such club either way.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          set({ ...INITIAL, slug, status: 'not-found' });
          return;
        }
        set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
        notify.error(i18next.t('clubs:toasts.loadFailed'), errorMessage(error, tryLater()));
      }
    },

    loadMoreMembers: async () => {
      const { slug, membersCursor, loadingMoreMembers } = get();
      if (!slug || !membersCursor || loadingMoreMembers) return;
      const started = sequence;
      set({ loadingMoreMembers: true });
      try {
        const next = await clubsApi.fetchClubMembers(slug, membersCursor);
        if (started !== sequence) return;
        set((state) => {
          const shown = new Set(state.members.map((member) => member.user.id));
          return {
            members: [...state.members, ...next.members.filter((member) => !shown.has(member.user.id))],
            membersCursor: next.nextCursor,
            loadingMoreMembers: false,
          };
        });
      } catch (error) {
        if (started !== sequence) return;
        set({ loadingMoreMembers: false });
        notify.error(i18next.t('clubs:toasts.membersFailed'), errorMessage(error, tryLater()));
      }
    },

    create: async (payload) => {
      set({ acting: true });
      try {
        const page = await clubsApi.createClub(payload);
        sequence++;
        set({ ...INITIAL, slug: page.club.slug, page, status: 'ready' });
        notify.success(
          i18next.t('clubs:toasts.created'),
          i18next.t('clubs:toasts.createdDetail', { club: page.club.name }),
        );
        return page.club.slug;
      } catch (error) {
        const message = errorMessage(error, i18next.t('clubs:create.failed'));
        notify.error(i18next.t('clubs:toasts.createFailed'), message);
        throw new Error(message, { cause: error });
      } finally {
        set({ acting: false });
      }
    },

    join: async () => {
      const { slug, acting } = get();
      if (!slug || acting) return;
      set({ acting: true });
      try {
        const page = await clubsApi.joinClub(slug);
        if (get().slug === slug) set({ page });
        if (page.viewerRole) {
          notify.success(
            i18next.t('clubs:toasts.joined'),
            i18next.t('clubs:toasts.joinedDetail', { club: page.club.name }),
          );
        } else {
          notify.success(
            i18next.t('clubs:membership.requestSent'),
            i18next.t('clubs:toasts.requestSentDetail', { club: page.club.name }),
          );
        }
      } catch (error) {
        notify.error(i18next.t('clubs:toasts.joinFailed'), errorMessage(error, tryLater()));
      } finally {
        set({ acting: false });
      }
      await get().refresh();
    },

    leave: async (userId) => {
      const { slug, acting, page } = get();
      if (!slug || acting) return;
      set({ acting: true });
      try {
        await clubsApi.removeClubMember(slug, userId);
        notify.success(
          i18next.t('clubs:toasts.left'),
          page ? i18next.t('clubs:toasts.leftDetail', { club: page.club.name }) : undefined,
        );
      } catch (error) {
        notify.error(i18next.t('clubs:toasts.leaveFailed'), errorMessage(error, tryLater()));
      } finally {
        set({ acting: false });
      }
      await get().refresh();
    },

    accept: (request) =>
      onFencer(
        request.user.id,
        async () => {
          await clubsApi.answerClubRequest(slugOrThrow(), request.user.id, true);
          notify.success(
            i18next.t('clubs:toasts.accepted'),
            i18next.t('clubs:toasts.acceptedDetail', { name: nameOf(request.user) }),
          );
        },
        i18next.t('clubs:toasts.acceptFailed'),
      ),

    decline: (request) =>
      onFencer(
        request.user.id,
        async () => {
          await clubsApi.answerClubRequest(slugOrThrow(), request.user.id, false);
          notify.success(i18next.t('clubs:toasts.declined'));
        },
        i18next.t('clubs:toasts.declineFailed'),
      ),

    setRole: (member, role) =>
      onFencer(
        member.user.id,
        async () => {
          await clubsApi.setClubRole(slugOrThrow(), member.user.id, role);
          notify.success(
            role === 'owner'
              ? i18next.t('clubs:toasts.handedOver')
              : i18next.t('clubs:toasts.roleChangedTitle'),
            i18next.t(ROLE_CHANGED[role], { name: nameOf(member.user) }),
          );
        },
        i18next.t('clubs:toasts.roleFailed'),
      ),

    remove: (member) =>
      onFencer(
        member.user.id,
        async () => {
          await clubsApi.removeClubMember(slugOrThrow(), member.user.id);
          notify.success(
            i18next.t('clubs:toasts.removed'),
            i18next.t('clubs:toasts.removedDetail', { name: nameOf(member.user) }),
          );
        },
        i18next.t('clubs:toasts.removeFailed'),
      ),

    update: async (edit) => {
      const slug = slugOrThrow();
      set({ acting: true });
      try {
        const page = await clubsApi.updateClub(slug, edit);
        if (get().slug === slug) set({ page });
        notify.success(i18next.t('clubs:toasts.saved'));
      } catch (error) {
        const message = errorMessage(error, i18next.t('clubs:settings.saveFailed'));
        notify.error(i18next.t('clubs:toasts.saveFailed'), message);
        throw new Error(message, { cause: error });
      } finally {
        set({ acting: false });
      }
    },

    uploadLogo: async (file) => {
      set({ acting: true });
      let logo: string;
      try {
        logo = await uploadFile(file, 'club');
      } catch (error) {
        set({ acting: false });
        notify.error(
          i18next.t('clubs:toasts.logoFailed'),
          errorMessage(error, i18next.t('common:errors.tryAgain')),
        );
        return;
      }
      // update says why when the club does not take it.
      await get()
        .update({ logo })
        .catch(() => undefined);
    },

    deleteClub: async () => {
      const { slug, page, acting } = get();
      if (!slug || acting) return false;
      set({ acting: true });
      try {
        await clubsApi.deleteClub(slug);
        sequence++;
        set(INITIAL);
        notify.success(
          i18next.t('clubs:toasts.deleted'),
          page ? i18next.t('clubs:toasts.deletedDetail', { club: page.club.name }) : undefined,
        );
        return true;
      } catch (error) {
        notify.error(i18next.t('clubs:toasts.deleteFailed'), errorMessage(error, tryLater()));
        return false;
      } finally {
        set({ acting: false });
      }
    },

    receiveRequest: ({ slug, request }) => {
      if (slug !== get().slug || !runsClub(get().page?.viewerRole ?? null)) return;
      set((state) =>
        state.requests.some((waiting) => waiting.user.id === request.user.id)
          ? state
          : { requests: [...state.requests, request] },
      );
    },

    receiveMember: ({ slug }) => {
      if (slug === get().slug) void get().refresh();
    },

    reset: () => {
      sequence++;
      set(INITIAL);
    },
  };
});

screenStoreLoaded('club-page', useClubPageStore);
