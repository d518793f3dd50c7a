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

const ROLE_NAMES: Record<ClubRole, string> = {
  member: 'a member',
  coach: 'a coach',
  admin: 'an admin',
  owner: 'the owner',
};

export const useClubPageStore = create<ClubPageState>()((set, get) => {
  /** Runs an action on one fencer's row, once at a time, and refreshes the club after it. */
  async function onFencer(userId: string, action: () => Promise<void>, failure: string): Promise<void> {
    if (get().busy.includes(userId)) return;
    set((state) => ({ busy: [...state.busy, userId] }));
    try {
      await action();
    } catch (error) {
      notify.error(failure, errorMessage(error, 'Please try again later.'));
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
        notify.error('Failed to load the club', errorMessage(error, 'Please try again later.'));
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
        notify.error('Failed to fetch members', errorMessage(error, 'Please try again later.'));
      }
    },

    create: async (payload) => {
      set({ acting: true });
      try {
        const page = await clubsApi.createClub(payload);
        sequence++;
        set({ ...INITIAL, slug: page.club.slug, page, status: 'ready' });
        notify.success('Club created', `${page.club.name} is on Piste.`);
        return page.club.slug;
      } catch (error) {
        const message = errorMessage(error, 'The club could not be created. Please try again.');
        notify.error('Failed to create the club', message);
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
        if (page.viewerRole) notify.success('Joined', `You are a member of ${page.club.name}.`);
        else notify.success('Request sent', `The admins of ${page.club.name} will answer it.`);
      } catch (error) {
        notify.error('Failed to join', errorMessage(error, 'Please try again later.'));
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
          'You left the club',
          page ? `You are no longer a member of ${page.club.name}.` : undefined,
        );
      } catch (error) {
        notify.error('Failed to leave', errorMessage(error, 'Please try again later.'));
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
          notify.success('Request accepted', `${nameOf(request.user)} is a member now.`);
        },
        'Failed to accept',
      ),

    decline: (request) =>
      onFencer(
        request.user.id,
        async () => {
          await clubsApi.answerClubRequest(slugOrThrow(), request.user.id, false);
          notify.success('Request declined');
        },
        'Failed to decline',
      ),

    setRole: (member, role) =>
      onFencer(
        member.user.id,
        async () => {
          await clubsApi.setClubRole(slugOrThrow(), member.user.id, role);
          notify.success(
            role === 'owner' ? 'Club handed over' : 'Role changed',
            `${nameOf(member.user)} is ${ROLE_NAMES[role]} now.`,
          );
        },
        'Failed to change the role',
      ),

    remove: (member) =>
      onFencer(
        member.user.id,
        async () => {
          await clubsApi.removeClubMember(slugOrThrow(), member.user.id);
          notify.success('Member removed', `${nameOf(member.user)} is no longer a member.`);
        },
        'Failed to remove',
      ),

    update: async (edit) => {
      const slug = slugOrThrow();
      set({ acting: true });
      try {
        const page = await clubsApi.updateClub(slug, edit);
        if (get().slug === slug) set({ page });
        notify.success('Club saved');
      } catch (error) {
        const message = errorMessage(error, 'The club could not be saved. Please try again.');
        notify.error('Failed to save the club', message);
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
        notify.error('The logo could not be uploaded', errorMessage(error, 'Please try again.'));
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
        notify.success('Club deleted', page ? `${page.club.name} is gone.` : undefined);
        return true;
      } catch (error) {
        notify.error('Failed to delete the club', errorMessage(error, 'Please try again later.'));
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
