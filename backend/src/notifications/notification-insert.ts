import type { NotificationType, SessionUser } from '@piste/contracts';
import { storedText, type NotificationText } from '../notification-texts/notification-texts';
import { recipientDeliveryColumns } from '../push/stored-notification';
import { hasMuted, mutedWordIn } from '../mutes/mute-visibility';

/** What a cause tells its recipient: who did it, what it says (in no language yet), and what it is about. */
export interface NotificationDraft {
  recipientId: string;
  type: NotificationType;
  /** Who did it; an id of null is Piste itself (an export that is ready). */
  actor: { id: string | null; name: SessionUser['name']; avatar: SessionUser['avatar'] };
  text: NotificationText;
  postId?: string;
  postContent?: string;
  conversationId?: string;
  requestId?: string;
  /** The direct message it announces (its push shows it). */
  messageId?: string;
  /** The app's page it opens when it names no post, conversation or request. */
  path?: string;
}

/** The columns a draft fills, with their types: parameters in a SELECT list need them spelled out. */
const COLUMNS = [
  ['recipientId', 'uuid'],
  ['type', 'varchar'],
  ['actorId', 'uuid'],
  ['actorName', 'varchar'],
  ['actorAvatar', 'text'],
  ['kind', 'varchar'],
  ['params', 'jsonb'],
  ['postId', 'uuid'],
  ['postContent', 'text'],
  ['conversationId', 'uuid'],
  ['requestId', 'uuid'],
  ['messageId', 'uuid'],
  ['path', 'text'],
] as const;

/**
 * The INSERT that stores a notification, with its parameters numbered from `$first`, on its own or as a CTE of
 * its cause's statement (NotificationsService `record` and `recordWith` are the only callers). `when` is an SQL
 * condition that must hold for the row to be stored (for example that the cause's own insert did something). The
 * row comes back with where it goes beside the app (RecipientDelivery) and the recipient's languages, so telling
 * them costs no statement more.
 */
export function insertNotification(
  draft: NotificationDraft,
  first: number,
  when = 'true',
): { sql: string; params: unknown[] } {
  const text = storedText(draft.text);
  const params = [
    draft.recipientId,
    draft.type,
    draft.actor.id,
    draft.actor.name,
    draft.actor.avatar,
    text.kind,
    JSON.stringify(text.params),
    draft.postId ?? null,
    draft.postContent ?? null,
    draft.conversationId ?? null,
    draft.requestId ?? null,
    draft.messageId ?? null,
    draft.path ?? null,
  ];
  const columns = COLUMNS.map(([column]) => `"${column}"`).join(', ');
  const values = COLUMNS.map(([, type], i) => `$${first + i}::${type}`).join(', ');
  const param = (name: (typeof COLUMNS)[number][0]) => {
    const i = COLUMNS.findIndex(([column]) => column === name);
    return `$${first + i}::${COLUMNS[i][1]}`;
  };
  return {
    sql: `INSERT INTO notifications (${columns}) SELECT ${values} WHERE ${when} AND ${notMuted(param)}
          RETURNING *, ${recipientDeliveryColumns('"recipientId"')}, ${recipientLanguagesColumn}`,
    params,
  };
}

/** The recipient's languages, for the live event (NotificationRow `recipientLanguages`). */
const recipientLanguagesColumn = `(SELECT json_build_object('language', u."language", 'browserLanguage', u."browserLanguage")
    FROM users u WHERE u."id" = "recipientId") AS "recipientLanguages"`;

/**
 * A recipient hears nothing from a fencer they muted, and nothing about a post with a word they muted (§4c); a
 * direct message still arrives with its notification, as it always can.
 */
function notMuted(param: (name: (typeof COLUMNS)[number][0]) => string): string {
  const recipient = param('recipientId');
  const postId = param('postId');
  return (
    `(${param('type')} = 'message' OR ${param('actorId')} IS NULL OR NOT ${hasMuted(recipient, param('actorId'))})` +
    ` AND (${postId} IS NULL OR NOT ${mutedWordIn(recipient, postId)})`
  );
}
