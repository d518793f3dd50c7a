import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table of the spec (section 3), with keys, constraints and the indexes the API's queries use. */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);

    await q.query(`
      CREATE TABLE users (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(40) NOT NULL,
        "email" varchar(254) NOT NULL,
        "password" text NOT NULL,
        "firstName" varchar(80),
        "lastName" varchar(80),
        "profileImageUrl" text,
        "name" varchar(80),
        "avatar" text,
        "bio" text,
        "weaponSpecialty" varchar(10) CHECK ("weaponSpecialty" IN ('epee', 'foil', 'sabre')),
        "role" varchar(30) NOT NULL DEFAULT 'student',
        "title" varchar(120),
        "location" varchar(120),
        "achievements" jsonb NOT NULL DEFAULT '[]',
        "followersCount" integer NOT NULL DEFAULT 0 CHECK ("followersCount" >= 0),
        "followingCount" integer NOT NULL DEFAULT 0 CHECK ("followingCount" >= 0),
        "postsCount" integer NOT NULL DEFAULT 0 CHECK ("postsCount" >= 0),
        "isAdmin" boolean NOT NULL DEFAULT false,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_key ON users (lower("username"))`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (lower("email"))`);
    await q.query(`CREATE INDEX users_name_trgm ON users USING gin (lower("name") public.gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX users_username_trgm ON users USING gin (lower("username") public.gin_trgm_ops)`,
    );

    await q.query(`
      CREATE TABLE posts (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "authorId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "content" text NOT NULL,
        "type" varchar(12) NOT NULL DEFAULT 'general' CHECK ("type" IN ('general', 'drill', 'achievement')),
        "weapon" varchar(10) NOT NULL CHECK ("weapon" IN ('epee', 'foil', 'sabre')),
        "authorRole" varchar(30),
        "mediaUrl" text,
        "mediaType" varchar(10) CHECK ("mediaType" IN ('image', 'video')),
        "drillDetails" jsonb,
        "achievementDetails" jsonb,
        "likesCount" integer NOT NULL DEFAULT 0 CHECK ("likesCount" >= 0),
        "dislikesCount" integer NOT NULL DEFAULT 0 CHECK ("dislikesCount" >= 0),
        "commentsCount" integer NOT NULL DEFAULT 0 CHECK ("commentsCount" >= 0),
        "sharesCount" integer NOT NULL DEFAULT 0 CHECK ("sharesCount" >= 0),
        "savesCount" integer NOT NULL DEFAULT 0 CHECK ("savesCount" >= 0),
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX posts_feed_idx ON posts ("weapon", "createdAt" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX posts_author_idx ON posts ("authorId", "createdAt" DESC)`);

    await q.query(`
      CREATE TABLE follows (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "followerId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "followingId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT follows_pair_key UNIQUE ("followerId", "followingId"),
        CONSTRAINT follows_not_self CHECK ("followerId" <> "followingId")
      )`);
    await q.query(`CREATE INDEX follows_following_idx ON follows ("followingId")`);

    await q.query(`
      CREATE TABLE friend_requests (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "senderId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "receiverId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "status" varchar(10) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'accepted', 'declined')),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT friend_requests_not_self CHECK ("senderId" <> "receiverId")
      )`);
    // One live relation (pending request or connection) per unordered pair.
    await q.query(`
      CREATE UNIQUE INDEX friend_requests_live_pair_key ON friend_requests
        (LEAST("senderId", "receiverId"), GREATEST("senderId", "receiverId"))
        WHERE "status" IN ('pending', 'accepted')`);
    await q.query(`CREATE INDEX friend_requests_receiver_idx ON friend_requests ("receiverId", "status")`);
    await q.query(`CREATE INDEX friend_requests_sender_idx ON friend_requests ("senderId", "status")`);

    for (const table of ['likes', 'dislikes', 'saves', 'hidden_posts']) {
      await q.query(`
        CREATE TABLE ${table} (
          "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
          "postId" uuid NOT NULL REFERENCES posts ("id") ON DELETE CASCADE,
          "createdAt" timestamptz NOT NULL DEFAULT now(),
          CONSTRAINT ${table}_user_post_key UNIQUE ("userId", "postId")
        )`);
      await q.query(`CREATE INDEX ${table}_post_idx ON ${table} ("postId")`);
    }

    await q.query(`
      CREATE TABLE comments (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "postId" uuid NOT NULL REFERENCES posts ("id") ON DELETE CASCADE,
        "authorId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "content" text NOT NULL,
        "parentId" uuid REFERENCES comments ("id") ON DELETE CASCADE,
        "likesCount" integer NOT NULL DEFAULT 0 CHECK ("likesCount" >= 0),
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX comments_post_idx ON comments ("postId", "createdAt")`);

    await q.query(`
      CREATE TABLE comment_likes (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "commentId" uuid NOT NULL REFERENCES comments ("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT comment_likes_user_comment_key UNIQUE ("userId", "commentId")
      )`);
    await q.query(`CREATE INDEX comment_likes_comment_idx ON comment_likes ("commentId")`);

    await q.query(`
      CREATE TABLE conversations (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "participant1Id" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "participant2Id" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "lastMessageAt" timestamptz,
        "participant1ClearedAt" timestamptz,
        "participant2ClearedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT conversations_pair_key UNIQUE ("participant1Id", "participant2Id"),
        CONSTRAINT conversations_ordered_pair CHECK ("participant1Id" < "participant2Id")
      )`);
    await q.query(`CREATE INDEX conversations_participant2_idx ON conversations ("participant2Id")`);

    await q.query(`
      CREATE TABLE messages (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "conversationId" uuid NOT NULL REFERENCES conversations ("id") ON DELETE CASCADE,
        "senderId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "receiverId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "content" text NOT NULL,
        "isRead" boolean NOT NULL DEFAULT false,
        "clientId" uuid,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX messages_conversation_idx ON messages ("conversationId", "createdAt" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX messages_unread_idx ON messages ("receiverId", "conversationId") WHERE NOT "isRead"`,
    );
    await q.query(
      `CREATE UNIQUE INDEX messages_client_id_key ON messages ("senderId", "clientId") WHERE "clientId" IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE blocked_users (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "blockerId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "blockedId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT blocked_users_pair_key UNIQUE ("blockerId", "blockedId"),
        CONSTRAINT blocked_users_not_self CHECK ("blockerId" <> "blockedId")
      )`);
    await q.query(`CREATE INDEX blocked_users_blocked_idx ON blocked_users ("blockedId")`);

    await q.query(`
      CREATE TABLE reported_posts (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "postId" uuid NOT NULL,
        "reporterId" uuid REFERENCES users ("id") ON DELETE SET NULL,
        "reason" text NOT NULL,
        "description" text,
        "status" varchar(10) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'dismissed', 'resolved')),
        "reviewedBy" uuid REFERENCES users ("id") ON DELETE SET NULL,
        "reviewedAt" timestamptz,
        "resolvedAt" timestamptz,
        "postContent" text NOT NULL DEFAULT '',
        "postAuthorId" uuid,
        "postAuthorName" varchar(80),
        "postDeleted" boolean NOT NULL DEFAULT false,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX reported_posts_pending_key ON reported_posts ("postId", "reporterId")
        WHERE "status" = 'pending'`);
    await q.query(`CREATE INDEX reported_posts_status_idx ON reported_posts ("status", "createdAt" DESC)`);
    await q.query(`CREATE INDEX reported_posts_post_idx ON reported_posts ("postId")`);

    await q.query(`
      CREATE TABLE moderation_actions (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "reportId" uuid REFERENCES reported_posts ("id") ON DELETE CASCADE,
        "action" varchar(10) NOT NULL CHECK ("action" IN ('dismiss', 'resolve', 'delete', 'ban')),
        "actorId" uuid REFERENCES users ("id") ON DELETE SET NULL,
        "detail" text,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX moderation_actions_report_idx ON moderation_actions ("reportId", "createdAt")`,
    );

    await q.query(`
      CREATE TABLE bans (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "bannedBy" uuid REFERENCES users ("id") ON DELETE SET NULL,
        "reason" text NOT NULL,
        "bannedUntil" timestamptz NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX bans_user_idx ON bans ("userId", "bannedUntil" DESC)`);

    await q.query(`
      CREATE TABLE upload_tickets (
        "token" varchar(64) PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "purpose" varchar(10) NOT NULL CHECK ("purpose" IN ('post', 'avatar')),
        "objectPath" text NOT NULL,
        "expiresAt" timestamptz NOT NULL,
        "usedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE sessions (
        "sid" varchar NOT NULL PRIMARY KEY,
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_expire_idx ON sessions ("expire")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'sessions',
      'upload_tickets',
      'bans',
      'moderation_actions',
      'reported_posts',
      'blocked_users',
      'messages',
      'conversations',
      'comment_likes',
      'comments',
      'hidden_posts',
      'saves',
      'dislikes',
      'likes',
      'friend_requests',
      'follows',
      'posts',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
