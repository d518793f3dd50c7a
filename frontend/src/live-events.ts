import type { ServerEventName, ServerEventPayload, SessionUser } from '@piste/contracts';
import { forgetDrafts } from './lib/drafts';
import { forgetUserData } from './lib/offline-data';
import { PRIVACY_SETTINGS_PATH } from './lib/paths';
import { announceWatchedEvents } from './realtime/event-watch';
import { announceWatchedPosts } from './realtime/post-watch';
import { loadedScreenStores, loadedStore } from './realtime/screen-stores';
import { onReconnect, onRejoin, onServerEvent, type SocketSession } from './realtime/socket';
import { followBan, receiveBan, receiveBanLifted } from './stores/ban';
import { useCommentsStore } from './stores/comments';
import { useTrendingTagsStore } from './stores/trending-tags';
import { refreshConnectionsAfterReconnect, useConnectionsStore } from './stores/connections';
import { useFeedStore } from './stores/feed';
import { readShownConversation, useMessagesStore } from './stores/messages';
import { followOtherTabs, useNotificationsStore } from './stores/notifications';
import { usePostsStore } from './stores/posts';
import { useSessionStore } from './stores/session';
import { useUserSuggestionsStore } from './stores/user-suggestions';

/**
 * The one table of live updates: what each server event (DESIGN.md section 5) does to the stores, what runs
 * after every (re)connect, and what forgets the last user's state when the signed-in user changes. The stores
 * hold actions only; nothing subscribes at import. The stores of other screens than the feed load with their
 * screen (realtime/screen-stores.ts): until then they have nothing to update, refetch or forget.
 */

type ServerEventTable = {
  // `resync` is the socket's own business (it runs the reconnect list below).
  [E in Exclude<ServerEventName, 'resync'>]: (payload: ServerEventPayload<E>) => void;
};

const feed = () => useFeedStore.getState();
const posts = () => usePostsStore.getState();
const messages = () => useMessagesStore.getState();
const connections = () => useConnectionsStore.getState();
const notifications = () => useNotificationsStore.getState();

const SERVER_EVENTS: ServerEventTable = {
  'message:new': (payload) => messages().receive(payload),
  'message:read': (payload) => messages().applyRead(payload),
  typing: (payload) => messages().applyTyping(payload),
  notification: (notification) => {
    notifications().receive(notification);
    // An export is ready: the Privacy tab shows its download.
    if (notification.path === PRIVACY_SETTINGS_PATH) void loadedStore('account-export')?.refreshIfShown();
    // A bout logged against the user, or answered: the record shown (either fencer's page) catches up.
    if (notification.type === 'bout') void loadedStore('fencer-record')?.refreshIfShown();
  },
  'notifications:changed': (changed) => notifications().applyChanged(changed),
  'post:created': ({ post }) => {
    feed().receiveCreated(post);
    // The club page shown takes its posts as they come (its module is there once its store is).
    if (post.club && loadedStore('club-posts')) {
      void import('./stores/club-posts').then(({ receiveClubPost }) => receiveClubPost(post));
    }
  },
  'post:deleted': ({ postId }) => feed().receiveDeleted(postId),
  // Counts and comments come only for the posts this tab watches (realtime/post-watch.ts).
  'post:counts': (counts) => posts().receiveCounts([counts]),
  'posts:counts': ({ counts }) => posts().receiveCounts(counts),
  'comment:created': ({ comment }) => useCommentsStore.getState().receive(comment),
  // Edits by the author, for the posts this tab watches.
  'post:updated': (update) => posts().receiveUpdate(update),
  'comment:updated': (update) => useCommentsStore.getState().receiveUpdate(update),
  // The user's own reactions, from any of their tabs.
  'post:viewer': (viewer) => posts().receiveViewer(viewer),
  // The fencer page shown follows its connection state too (the other side accepting, withdrawing …).
  'friend-request:new': ({ request }) => {
    connections().refreshAfterEvent({ connectionsChanged: false });
    loadedStore('fencer-profile')?.receiveRequest(request);
  },
  // New or removed connections also change who can be messaged: Messages shows the connections store's list.
  'friend-request:updated': ({ request }) => {
    connections().refreshAfterEvent({ connectionsChanged: request.status === 'accepted' });
    loadedStore('fencer-profile')?.receiveRequest(request);
  },
  'friend-request:removed': (removed) => {
    connections().refreshAfterEvent({ connectionsChanged: removed.status === 'accepted' });
    loadedStore('fencer-profile')?.receiveRequest(removed);
  },
  // Only admins' sockets receive these; an admin's header has loaded the report queue's store.
  'report:new': ({ report }) => loadedStore('moderation')?.receive(report),
  'report:updated': ({ report }) => loadedStore('moderation')?.receive(report),
  'ban:new': ({ ban }) => receiveBan(ban),
  'ban:lifted': (lifted) => void receiveBanLifted(lifted),
  // An admin changed this user's rights: the header's Moderation link follows at once.
  'session:rights': ({ isAdmin }) => useSessionStore.getState().setRights(isAdmin),
  // To the club's admins: the Requests tab of the club they have open grows. (The bell gets its notification.)
  'club:request': (request) => loadedStore('club-page')?.receiveRequest(request),
  // To the member: the club they have open shows their new standing.
  'club:member': (change) => loadedStore('club-page')?.receiveMember(change),
  // For the event this tab shows (realtime/event-watch.ts): its going and interested counts.
  'event:attendance': (attendance) => loadedStore('event-page')?.receiveAttendance(attendance),
};

/** After every connect (the first included) and on resync: tell the server again what this tab follows. */
const ON_REJOIN: Array<() => void> = [
  announceWatchedPosts,
  announceWatchedEvents,
  () => void notifications().sync(),
];

/** After a reconnect and on resync: events meanwhile were lost, so refetch what is shown. */
const ON_RECONNECT: Array<() => void> = [
  () => void feed().refresh(),
  () => messages().refresh(),
  () => {
    // Comments of the threads that are open.
    const comments = useCommentsStore.getState();
    for (const [postId, thread] of Object.entries(comments.threads)) {
      if (thread.status === 'ready') void comments.load(postId);
    }
  },
  () => {
    const moderation = loadedStore('moderation');
    if (moderation && moderation.status !== 'idle') void moderation.load();
  },
  refreshConnectionsAfterReconnect,
  () => {
    const club = loadedStore('club-page');
    if (club?.status === 'ready') void club.refresh();
  },
  () => {
    const event = loadedStore('event-page');
    if (event?.status === 'ready') void event.refresh();
  },
  () => void loadedStore('fencer-record')?.refreshIfShown(),
  () => void loadedStore('fencer-profile')?.refreshIfShown(),
  // A ban issued while this tab was offline arrives with the refreshed session user.
  () => void useSessionStore.getState().refresh(),
];

/** When the signed-in user changes (sign-in, sign-out, another user): nothing of the last one lingers. */
const ON_USER_CHANGE: Array<(user: SessionUser | null) => void> = [
  (user) => notifications().bindUser(user?.id ?? null),
  () => feed().reset(),
  () => posts().reset(),
  () => messages().reset(),
  () => useCommentsStore.getState().reset(),
  // Suggested fencers come connections first: another user's connections are not this one's.
  () => useUserSuggestionsStore.getState().reset(),
  () => useTrendingTagsStore.getState().reset(),
  // Every other screen's store loaded so far: the account's settings, the admin lists, the saved, tagged and
  // drill posts as the last user saw them, clubs and events with where the viewer stands in them, fencers'
  // records with the viewer's head-to-head.
  () => loadedScreenStores().forEach((store) => store.reset()),
];

/** What the socket needs of the session: who this tab thinks is signed in, and how to correct it. */
export const socketSession: SocketSession = {
  userId: () => useSessionStore.getState().user?.id ?? null,
  changed: (user) => useSessionStore.getState().setUser(user),
};

let started = false;

/** Wires the table up, once, before the first render. */
export function startLiveEvents(): void {
  if (started) return;
  started = true;
  for (const [event, action] of Object.entries(SERVER_EVENTS)) {
    onServerEvent(event as ServerEventName, action as (payload: unknown) => void);
  }
  ON_REJOIN.forEach((action) => onRejoin(action));
  ON_RECONNECT.forEach((action) => onReconnect(action));

  const session = useSessionStore.getState();
  notifications().bindUser(session.user?.id ?? null);
  followBan(session.user?.bannedUntil ?? null);
  useSessionStore.subscribe((state, previous) => {
    // What this device kept for the user who was signed in goes with them (a shared phone shows nothing of it).
    if (previous.user && state.user?.id !== previous.user.id) {
      forgetDrafts();
      void forgetUserData();
    }
    if (state.user?.id !== previous.user?.id) ON_USER_CHANGE.forEach((action) => action(state.user));
    const bannedUntil = state.user?.bannedUntil ?? null;
    if (bannedUntil !== (previous.user?.bannedUntil ?? null) || state.user?.id !== previous.user?.id) {
      followBan(bannedUntil);
    }
  });

  // Other tabs of this browser: their notification changes, and coming back to this one.
  window.addEventListener('storage', followOtherTabs);
  document.addEventListener('visibilitychange', readShownConversation);
}
