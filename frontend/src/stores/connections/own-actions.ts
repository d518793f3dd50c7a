import type { StoreApi } from 'zustand';
import type { ConnectionUser } from '@piste/contracts';
import i18next from 'i18next';
import { errorMessage } from '../../api/client';
import * as connectionsApi from '../../api/connections';
import { notify } from '../../lib/toast';
import { nameOf, type ConnectionsState } from './types';

type OwnActions = Pick<
  ConnectionsState,
  'sendRequest' | 'respond' | 'cancelRequest' | 'removeConnection' | 'block' | 'unblock'
>;

/** Every failed own action but a block says why, or asks to try again. */
const retryLater = (error: unknown) => errorMessage(error, i18next.t('common:errors.tryAgainLater'));

/** The user's own actions on requests and connections, each with the spec's toasts. */
export function createOwnActions(
  set: StoreApi<ConnectionsState>['setState'],
  get: StoreApi<ConnectionsState>['getState'],
  /** Drops the blocked list's loads in flight: a block or unblock just answered is newer than what they read. */
  dropBlockedLoads: () => void,
): OwnActions {
  /** Marks `id` busy while `run` is in flight. */
  async function whileBusy<T>(id: string, run: () => Promise<T>): Promise<T> {
    set((s) => ({ busy: { ...s.busy, [id]: true } }));
    try {
      return await run();
    } finally {
      set((s) => {
        const busy = { ...s.busy };
        delete busy[id];
        return { busy };
      });
    }
  }

  /**
   * One of the user's own actions on `id`: busy meanwhile, then the toast for how it went. Resolves to what
   * `run` returned, or null when it failed.
   */
  async function act<T>(
    id: string,
    run: () => Promise<T>,
    toast: { done: (result: T) => void; failed: (error: unknown) => void },
  ): Promise<T | null> {
    try {
      const result = await whileBusy(id, run);
      toast.done(result);
      return result;
    } catch (error) {
      toast.failed(error);
      return null;
    }
  }

  /** An own action that resolves to whether it worked. */
  const attempt = async (...args: Parameters<typeof act<unknown>>) => (await act(...args)) !== null;

  /** A request's answer or withdrawal failed: it may have changed meanwhile. */
  const refetchRequests = () =>
    void get()
      .loadRequests()
      .catch(() => undefined);

  /** Updates the request hint of one Discover result. */
  function patchResult(userId: string, patch: Partial<ConnectionUser>) {
    set((s) => ({
      discover: {
        ...s.discover,
        results: s.discover.results.map((u) => (u.id === userId ? { ...u, ...patch } : u)),
      },
    }));
  }

  return {
    sendRequest: (receiverId) =>
      act(
        receiverId,
        async () => {
          const userId = get().userId;
          if (!userId) throw new Error(i18next.t('common:connectionToasts.notLoggedIn'));
          const request = await connectionsApi.sendFriendRequest(userId, receiverId);
          set((s) => ({ sent: [request, ...s.sent.filter((r) => r.id !== request.id)] }));
          patchResult(receiverId, { requestStatus: 'sent', requestId: request.id });
          return request;
        },
        {
          done: () =>
            notify.success(
              i18next.t('common:connectionToasts.requestSent'),
              i18next.t('common:connectionToasts.requestSentDetail'),
            ),
          failed: (error) => notify.error(i18next.t('common:connectionToasts.sendFailed'), retryLater(error)),
        },
      ),

    respond: (requestId, status) =>
      attempt(
        requestId,
        async () => {
          const request = await connectionsApi.respondToFriendRequest(requestId, status);
          set((s) => ({ incoming: s.incoming.filter((r) => r.id !== requestId) }));
          if (status === 'accepted') {
            // The new connection leaves Discover and joins the list.
            set((s) => ({
              discover: {
                ...s.discover,
                results: s.discover.results.filter((u) => u.id !== request.senderId),
              },
            }));
            void get()
              .loadConnections()
              .catch(() => undefined);
          } else {
            patchResult(request.senderId, { requestStatus: null, requestId: null });
          }
          return request;
        },
        {
          done: () =>
            status === 'accepted'
              ? notify.success(
                  i18next.t('common:connectionToasts.accepted'),
                  i18next.t('common:connectionToasts.acceptedDetail'),
                )
              : notify.success(
                  i18next.t('common:connectionToasts.declined'),
                  i18next.t('common:connectionToasts.declinedDetail'),
                ),
          failed: (error) => {
            notify.error(i18next.t('common:connectionToasts.respondFailed'), retryLater(error));
            refetchRequests();
          },
        },
      ),

    cancelRequest: (requestId, receiver) =>
      attempt(
        requestId,
        async () => {
          const request = get().sent.find((r) => r.id === requestId);
          await connectionsApi.cancelFriendRequest(requestId);
          set((s) => ({ sent: s.sent.filter((r) => r.id !== requestId) }));
          if (request) patchResult(request.receiverId, { requestStatus: null, requestId: null });
        },
        {
          done: () =>
            notify.success(
              i18next.t('common:connectionToasts.withdrawn'),
              i18next.t('common:connectionToasts.withdrawnDetail', { name: nameOf(receiver) }),
            ),
          failed: (error) => {
            notify.error(i18next.t('common:connectionToasts.withdrawFailed'), retryLater(error));
            refetchRequests();
          },
        },
      ),

    removeConnection: (user) =>
      attempt(
        user.id,
        async () => {
          await connectionsApi.removeConnection(user.id);
          set((s) => ({ connections: s.connections.filter((u) => u.id !== user.id) }));
        },
        {
          done: () =>
            notify.success(
              i18next.t('common:connectionToasts.removed'),
              i18next.t('common:connectionToasts.removedDetail', { name: nameOf(user) }),
            ),
          failed: (error) =>
            notify.error(i18next.t('common:connectionToasts.removeFailed'), retryLater(error)),
        },
      ),

    block: (userId) =>
      attempt(
        userId,
        async () => {
          const entry = await connectionsApi.blockUser(userId);
          dropBlockedLoads();
          set((s) => ({
            blocked: [entry, ...s.blocked.filter((b) => b.id !== userId)],
            connections: s.connections.map((u) => (u.id === userId ? { ...u, isBlocked: true } : u)),
            // Pending requests between the two were withdrawn; search no longer shows them.
            incoming: s.incoming.filter((r) => r.senderId !== userId),
            sent: s.sent.filter((r) => r.receiverId !== userId),
            discover: { ...s.discover, results: s.discover.results.filter((u) => u.id !== userId) },
          }));
        },
        {
          done: () => notify.success(i18next.t('common:connectionToasts.blocked')),
          failed: (error) =>
            notify.error(i18next.t('common:connectionToasts.blockFailed'), errorMessage(error, '')),
        },
      ),

    unblock: (userId) =>
      attempt(
        userId,
        async () => {
          await connectionsApi.unblockUser(userId);
          dropBlockedLoads();
          set((s) => ({
            blocked: s.blocked.filter((b) => b.id !== userId),
            connections: s.connections.map((u) => (u.id === userId ? { ...u, isBlocked: false } : u)),
          }));
          // Unblocking both ways may bring back a connection hidden from this side.
          void get()
            .loadConnections()
            .catch(() => undefined);
        },
        {
          done: () => notify.success(i18next.t('common:connectionToasts.unblocked')),
          failed: (error) =>
            notify.error(i18next.t('common:connectionToasts.unblockFailed'), errorMessage(error, '')),
        },
      ),
  };
}
