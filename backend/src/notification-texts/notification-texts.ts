import type { Language } from '@piste/contracts';
import { translate } from '../i18n/i18n';

/**
 * What a notification says, kept as a kind and the values its text needs (the actor's name, a club's name, an
 * event's title …), so that each reader reads it in their own language when it is shown, pushed or mailed, and
 * reads it anew after switching languages. The texts are `notifications:<kind>` in `backend/src/i18n/locales`;
 * English is the spec's text, exactly. Notifications stored before kinds existed keep their English `message`.
 */
export type NotificationText =
  | {
      kind:
        | 'post_liked'
        | 'post_disliked'
        | 'post_commented'
        | 'mentioned_in_post'
        | 'mentioned_in_comment'
        | 'message_sent'
        | 'connection_requested'
        | 'connection_accepted'
        | 'bout_confirmed'
        | 'bout_disputed';
      actor: string;
    }
  | { kind: 'event_going'; actor: string; event: string }
  | { kind: 'club_join_asked' | 'club_handed_over'; actor: string; club: string }
  | { kind: 'club_joined' | 'club_made_admin' | 'club_made_coach' | 'club_made_member'; club: string }
  /** `yours` and `theirs`: the touches of the recipient and of the fencer who logged the bout. */
  | { kind: 'bout_logged'; actor: string; yours: number; theirs: number }
  | { kind: 'export_ready' };

export type NotificationKind = NotificationText['kind'];

/** Each kind's text (spelled out, so the catalogue test sees every key in use). */
const TEXT_KEYS: Record<NotificationKind, string> = {
  post_liked: 'notifications:post_liked',
  post_disliked: 'notifications:post_disliked',
  post_commented: 'notifications:post_commented',
  mentioned_in_post: 'notifications:mentioned_in_post',
  mentioned_in_comment: 'notifications:mentioned_in_comment',
  message_sent: 'notifications:message_sent',
  connection_requested: 'notifications:connection_requested',
  connection_accepted: 'notifications:connection_accepted',
  event_going: 'notifications:event_going',
  club_join_asked: 'notifications:club_join_asked',
  club_joined: 'notifications:club_joined',
  club_handed_over: 'notifications:club_handed_over',
  club_made_admin: 'notifications:club_made_admin',
  club_made_coach: 'notifications:club_made_coach',
  club_made_member: 'notifications:club_made_member',
  bout_logged: 'notifications:bout_logged',
  bout_confirmed: 'notifications:bout_confirmed',
  bout_disputed: 'notifications:bout_disputed',
  export_ready: 'notifications:export_ready',
};

/** The values of a stored text (`notifications.params`). */
export type TextParams = Record<string, string | number>;

/** The columns of a `notifications` row that say what it says: a kind and its values, or an old row's text. */
export interface StoredText {
  kind: string | null;
  params: TextParams | null;
  message: string | null;
}

/** How a text is stored: its kind, and the values beside it. */
export function storedText(text: NotificationText): { kind: NotificationKind; params: TextParams } {
  const { kind, ...params } = text;
  return { kind, params };
}

const isKind = (kind: string): kind is NotificationKind => Object.hasOwn(TEXT_KEYS, kind);

/** What a stored notification says, in `language`; an old row (no kind) says its stored English text. */
export function notificationMessage(row: StoredText, language: Language): string {
  if (row.kind === null || !isKind(row.kind)) return row.message ?? '';
  return translate(language, TEXT_KEYS[row.kind], row.params ?? {});
}

/** How a notification names a fencer: their display name, else their username. */
export function nameOf(user: { name?: string | null; username: string }): string {
  return user.name || user.username;
}
