import i18next from 'i18next';
import type { AdminUserPage } from '@piste/contracts';
import { create } from 'zustand';
import * as adminApi from '../api/admin';
import { ApiError, errorMessage } from '../api/client';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** What an admin can do to an account from its page; each asks for a reason, which the audit keeps. */
export type AdminUserAction =
  | { kind: 'suspend' }
  | { kind: 'unsuspend' }
  | { kind: 'grant-admin' }
  | { kind: 'revoke-admin' }
  | { kind: 'delete' }
  | { kind: 'lift-ban'; banId: string };

type LoadStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** The account open at /admin/users/{id}, and the action on its way, if any. */
interface AdminUserPageState {
  userId: string | null;
  page: AdminUserPage | null;
  status: LoadStatus;
  /** An action is on its way (one at a time). */
  acting: boolean;
  /** Shows the account `userId`; the same account again is fetched behind what is shown. */
  open: (userId: string) => Promise<void>;
  refresh: () => Promise<void>;
  /** Does `action` with the admin's reason and shows the page it answers with; says how it went in a toast. */
  act: (action: AdminUserAction, reason: string) => Promise<boolean>;
  reset: () => void;
}

const INITIAL = {
  userId: null,
  page: null,
  status: 'loading' as LoadStatus,
  acting: false,
};

/** The call that does an action. */
function send(action: AdminUserAction, userId: string, reason: string): Promise<AdminUserPage> {
  switch (action.kind) {
    case 'suspend':
      return adminApi.suspendUser(userId, reason);
    case 'unsuspend':
      return adminApi.unsuspendUser(userId, reason);
    case 'grant-admin':
      return adminApi.setAdmin(userId, true, reason);
    case 'revoke-admin':
      return adminApi.setAdmin(userId, false, reason);
    case 'delete':
      return adminApi.deleteUser(userId, reason);
    case 'lift-ban':
      return adminApi.liftBan(action.banId, reason);
  }
}

/** The toast's title once an action is done. */
const DONE = {
  suspend: 'admin:toasts.done.suspend',
  unsuspend: 'admin:toasts.done.unsuspend',
  'grant-admin': 'admin:toasts.done.grantAdmin',
  'revoke-admin': 'admin:toasts.done.revokeAdmin',
  delete: 'admin:toasts.done.delete',
  'lift-ban': 'admin:toasts.done.liftBan',
} as const satisfies Record<AdminUserAction['kind'], string>;

/** A fetch of the account drops any reply started before it (or for another account). */
let sequence = 0;

export const useAdminUserPageStore = create<AdminUserPageState>()((set, get) => ({
  ...INITIAL,

  open: async (userId) => {
    if (userId !== get().userId) {
      sequence++;
      set({ ...INITIAL, userId });
    }
    await get().refresh();
  },

  refresh: async () => {
    const { userId } = get();
    if (!userId) return;
    const started = ++sequence;
    try {
      const page = await adminApi.fetchAdminUser(userId);
      if (started !== sequence) return;
      set({ page, status: 'ready' });
    } catch (error) {
      if (started !== sequence) return;
      // A malformed id is refused with 400: no such account either way.
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        set({ ...INITIAL, userId, status: 'not-found' });
        return;
      }
      set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
      notify.error(
        i18next.t('admin:toasts.loadFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
    }
  },

  act: async (action, reason) => {
    const { userId, acting } = get();
    if (!userId || acting) return false;
    set({ acting: true });
    const started = ++sequence;
    try {
      const page = await send(action, userId, reason);
      if (started === sequence) set({ page, status: 'ready' });
      const who = page.user.name ?? page.user.username;
      notify.success(i18next.t(DONE[action.kind]), `${who} (@${page.user.username})`);
      return true;
    } catch (error) {
      notify.error(
        i18next.t('admin:toasts.actionFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
      // What the refusal was about (another admin acting meanwhile) shows once fetched again.
      if (started === sequence) void get().refresh();
      return false;
    } finally {
      set({ acting: false });
    }
  },

  reset: () => {
    sequence++;
    set(INITIAL);
  },
}));

screenStoreLoaded('admin-user-page', useAdminUserPageStore);
