import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { ZipFile } from 'yazl';
import { recipientLanguage } from '../i18n/request-language';
import { notificationMessage, type StoredText } from '../notification-texts/notification-texts';
import type { StoredUpload } from '../objects/objects.service';

/** Everything a user made or received, as the archive's JSON files hold it (see `EXPORT_FILES`). */
export interface ExportData {
  'profile.json': unknown;
  'posts.json': unknown[];
  'comments.json': unknown[];
  'reactions.json': Record<string, unknown[]>;
  'connections.json': Record<string, unknown[]>;
  'messages.json': unknown[];
  'notifications.json': unknown[];
  /** Ratings, bouts, clubs and events. */
  'fencing.json': Record<string, unknown>;
}

/** Whom a row points at, by name as well as id, so the archive reads on its own. */
const PERSON = (column: string) =>
  `(SELECT json_build_object('id', p."id", 'username', p."username", 'name', p."name")
      FROM users p WHERE p."id" = ${column})`;

/**
 * Reads everything the user made or received, in one snapshot (the caller's transaction should be REPEATABLE
 * READ). Password hashes, other users' email addresses and internal bookkeeping stay out.
 */
export async function collectExportData(manager: EntityManager, userId: string): Promise<ExportData> {
  const rows = <T = Record<string, unknown>>(sql: string) => manager.query<T[]>(sql, [userId]);
  const [profile] = await rows(
    `SELECT "id", "username", "email", "name", "firstName", "lastName", "bio", "role", "title", "location",
            "weaponSpecialty", "achievements", "avatar", "isAdmin", "emailVerifiedAt", "createdAt", "updatedAt",
            "recordVisibility"
       FROM users WHERE "id" = $1`,
  );
  const posts = await rows(
    `SELECT p."id", p."type", p."weapon", p."visibility", p."content", p."mediaUrl", p."mediaType", p."mediaAlt",
            p."mediaPosterUrl", p."drillDetails", p."achievementDetails", p."likesCount", p."dislikesCount",
            p."commentsCount", p."savesCount", p."createdAt", p."editedAt",
            coalesce((SELECT json_agg(json_build_object('content', v."content", 'drillDetails', v."drillDetails",
                                'achievementDetails', v."achievementDetails", 'mediaAlt', v."mediaAlt",
                                'writtenAt', v."writtenAt") ORDER BY v."createdAt")
                        FROM post_versions v WHERE v."postId" = p."id"), '[]'::json) AS "earlierVersions"
       FROM posts p WHERE p."authorId" = $1 ORDER BY p."createdAt", p."id"`,
  );
  const comments = await rows(
    `SELECT c."id", c."postId", c."parentId", c."content", c."likesCount", c."createdAt", c."editedAt",
            coalesce((SELECT json_agg(json_build_object('content', v."content", 'writtenAt', v."writtenAt")
                               ORDER BY v."createdAt")
                        FROM comment_versions v WHERE v."commentId" = c."id"), '[]'::json) AS "earlierVersions"
       FROM comments c WHERE c."authorId" = $1 ORDER BY c."createdAt", c."id"`,
  );
  const reactionsOn = (table: string) =>
    rows(`SELECT "postId", "createdAt" FROM ${table} WHERE "userId" = $1 ORDER BY "createdAt", "postId"`);
  const reactions = {
    likes: await reactionsOn('likes'),
    dislikes: await reactionsOn('dislikes'),
    saves: await reactionsOn('saves'),
    hiddenPosts: await reactionsOn('hidden_posts'),
    commentLikes: await rows(
      `SELECT "commentId", "createdAt" FROM comment_likes WHERE "userId" = $1 ORDER BY "createdAt", "commentId"`,
    ),
  };
  const connections = {
    connections: await rows(
      `SELECT ${PERSON(`CASE WHEN r."senderId" = $1 THEN r."receiverId" ELSE r."senderId" END`)} AS "fencer",
              r."createdAt" AS "since"
         FROM friend_requests r
        WHERE r."status" = 'accepted' AND (r."senderId" = $1 OR r."receiverId" = $1)
        ORDER BY r."createdAt", r."id"`,
    ),
    requestsSent: await rows(
      `SELECT ${PERSON('r."receiverId"')} AS "to", r."status", r."createdAt"
         FROM friend_requests r WHERE r."senderId" = $1 AND r."status" <> 'accepted' ORDER BY r."createdAt", r."id"`,
    ),
    requestsReceived: await rows(
      `SELECT ${PERSON('r."senderId"')} AS "from", r."status", r."createdAt"
         FROM friend_requests r WHERE r."receiverId" = $1 AND r."status" <> 'accepted'
        ORDER BY r."createdAt", r."id"`,
    ),
    blocked: await rows(
      `SELECT ${PERSON('b."blockedId"')} AS "fencer", b."createdAt"
         FROM blocked_users b WHERE b."blockerId" = $1 ORDER BY b."createdAt", b."id"`,
    ),
    muted: await rows(
      `SELECT ${PERSON('m."mutedId"')} AS "fencer", m."createdAt"
         FROM muted_users m WHERE m."userId" = $1 ORDER BY m."createdAt", m."id"`,
    ),
    mutedWords: await rows(
      `SELECT "word", "expiresAt", "createdAt" FROM muted_words
        WHERE "userId" = $1 ORDER BY "createdAt", "position", "id"`,
    ),
  };
  const messages = await rows(
    `SELECT c."id" AS "conversationId",
            ${PERSON(`CASE WHEN c."participant1Id" = $1 THEN c."participant2Id" ELSE c."participant1Id" END`)}
              AS "with",
            coalesce((SELECT json_agg(json_build_object(
                        'id', m."id", 'from', CASE WHEN m."senderId" = $1 THEN 'me' ELSE 'them' END,
                        'content', m."content", 'isRead', m."isRead", 'createdAt', m."createdAt")
                      ORDER BY m."createdAt", m."id")
                        FROM messages m WHERE m."conversationId" = c."id"), '[]'::json) AS "messages"
       FROM conversations c
      WHERE c."participant1Id" = $1 OR c."participant2Id" = $1
      ORDER BY c."lastMessageAt" DESC NULLS LAST, c."id"`,
  );
  // Each says what it says in the user's language, as their notification list does.
  const notifications = (
    await rows<
      StoredText & Record<string, unknown> & { language: string | null; browserLanguage: string | null }
    >(
      `SELECT n."id", n."type", n."actorName", n."kind", n."params", n."message", n."postId", n."postContent",
              n."readAt", n."createdAt", u."language", u."browserLanguage"
         FROM notifications n JOIN users u ON u."id" = n."recipientId"
        WHERE n."recipientId" = $1 ORDER BY n."createdAt" DESC, n."id" DESC`,
    )
  ).map(({ kind, params, message, language, browserLanguage, ...row }) => ({
    id: row.id,
    type: row.type,
    actorName: row.actorName,
    message: notificationMessage({ kind, params, message }, recipientLanguage({ language, browserLanguage })),
    postId: row.postId,
    postContent: row.postContent,
    readAt: row.readAt,
    createdAt: row.createdAt,
  }));
  const fencing = {
    ratings:
      (await rows<{ ratings: unknown }>(`SELECT "ratings" FROM users WHERE "id" = $1`))[0]?.ratings ?? [],
    recordVisibility: (profile as { recordVisibility?: string } | undefined)?.recordVisibility,
    bouts: await rows(
      `SELECT b."id", b."weapon", b."kind", b."date"::text AS "date", b."status", b."notes", b."createdAt",
              CASE WHEN b."authorId" = $1 THEN 'you' ELSE 'your opponent' END AS "loggedBy",
              CASE WHEN b."authorId" = $1 THEN b."scoreFor" ELSE b."scoreAgainst" END AS "yourTouches",
              CASE WHEN b."authorId" = $1 THEN b."scoreAgainst" ELSE b."scoreFor" END AS "theirTouches",
              (b."authorId" = $1) = b."won" AS "youWon",
              coalesce(${PERSON(`CASE WHEN b."authorId" = $1 THEN b."opponentId" ELSE b."authorId" END`)},
                       json_build_object('name', b."opponentName")) AS "opponent"
         FROM bouts b WHERE b."authorId" = $1 OR b."opponentId" = $1 ORDER BY b."date", b."createdAt", b."id"`,
    ),
    clubs: await rows(
      `SELECT c."name", c."slug", m."role", m."createdAt" AS "joinedAt"
         FROM club_members m JOIN clubs c ON c."id" = m."clubId" WHERE m."userId" = $1 ORDER BY m."createdAt"`,
    ),
    events: await rows(
      `SELECT e."id", e."title", e."startsAt", e."endsAt", e."city", e."country",
              a."status", e."creatorId" = $1 AS "announcedByYou"
         FROM events e LEFT JOIN event_attendance a ON a."eventId" = e."id" AND a."userId" = $1
        WHERE e."creatorId" = $1 OR a."userId" = $1 ORDER BY e."startsAt", e."id"`,
    ),
  };
  return {
    'profile.json': profile,
    'posts.json': posts,
    'comments.json': comments,
    'reactions.json': reactions,
    'connections.json': connections,
    'messages.json': messages,
    'notifications.json': notifications,
    'fencing.json': fencing,
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
};

/** Where an upload lands in the archive: `media/post/3f…9a.jpg`, named after its key. */
export function mediaPathOf(upload: StoredUpload): string {
  const extension = extname(upload.key) || EXTENSIONS[upload.contentType] || '';
  return `media/${upload.key}${extension}`;
}

function readme(username: string, madeAt: Date, mediaCount: number): string {
  return [
    `Your Piste data (@${username}), exported ${madeAt.toISOString()}.`,
    '',
    'profile.json        your profile and account details',
    'posts.json          the posts you wrote, with the versions your edits replaced',
    'comments.json       the comments you wrote, with the versions your edits replaced',
    'reactions.json      your likes, dislikes, saves and hidden posts, and the comments you liked',
    'connections.json    your connections, the requests you sent and received, whom you blocked or muted',
    '                    and the words you muted',
    'messages.json       your conversations: the messages you sent and received',
    'notifications.json  the notifications you received',
    'fencing.json        your ratings, the bouts you fenced, your clubs and your events',
    `media/              the ${mediaCount} file(s) you uploaded (post pictures and videos, profile pictures)`,
    '',
    'Times are UTC (ISO 8601). Media in posts.json is named by its path; the same file is in media/.',
    '',
  ].join('\n');
}

/**
 * The archive as a stream: README.txt, the JSON files and the user's uploads, each upload read from the storage
 * only when its turn comes (so a large archive never holds many downloads open).
 */
export function exportArchive(
  data: ExportData,
  uploads: StoredUpload[],
  readUpload: (key: string) => Promise<Readable>,
  madeAt: Date,
): Readable {
  const zip = new ZipFile();
  const username = (data['profile.json'] as { username?: string } | undefined)?.username ?? '';
  zip.addBuffer(Buffer.from(readme(username, madeAt, uploads.length)), 'README.txt', { mtime: madeAt });
  for (const [name, content] of Object.entries(data)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(content, null, 2)}\n`), name, { mtime: madeAt });
  }
  for (const upload of uploads) {
    zip.addReadStreamLazy(mediaPathOf(upload), { mtime: madeAt, compress: false }, (done) => {
      readUpload(upload.key).then(
        (stream) => done(null, stream),
        (err: unknown) => done(err, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // An upload that cannot be read fails the archive (the storage's write sees the error) rather than stalling it.
  zip.on('error', (err: Error) => output.destroy(err));
  return output;
}
