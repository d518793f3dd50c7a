import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  WEAPONS,
  type AchievementDetails,
  type DrillDetails,
  type PostType,
  type Role,
  type Weapon,
} from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { hashPassword } from '../users/password';
import { ObjectsService, type TrustedUpload } from '../objects/objects.service';
import demoCommunity from './demo-community.json';
import { pistePicture } from './seed-images';

/** Every demo user signs in with this password (documented in the README). */
export const DEMO_PASSWORD = 'piste-demo';
const GENERATED_ADMIN_USERNAME = 'admin';

interface DemoUser {
  username: string;
  name: string;
  weapon: Weapon;
  role: Role;
  title: string;
  location: string;
  bio: string;
}

interface DemoPost {
  author: string;
  weapon: Weapon;
  type: PostType;
  content: string;
  minutesAgo: number;
  picture?: true;
  drill?: DrillDetails;
  achievement?: AchievementDetails;
  likedBy?: string[];
  dislikedBy?: string[];
  comments?: { author: string; content: string; replyTo?: number }[];
}

/** The demo community's content (demo-community.json); users and authors are named by username. */
interface DemoCommunity {
  users: DemoUser[];
  posts: DemoPost[];
  /** Accepted connections, and one pending request so the badge has something to show. */
  connections: [string, string, 'accepted' | 'pending'][];
  /** One conversation: [sender, text, minutes ago], oldest first. */
  conversation: { between: [string, string]; messages: [string, string, number][] };
}

const {
  users: USERS,
  posts: POSTS,
  connections: CONNECTIONS,
  conversation: CONVERSATION,
} = demoCommunity as DemoCommunity;

const PICTURE_COLOURS: Record<Weapon, [[number, number, number], [number, number, number]]> = {
  epee: [
    [88, 28, 135],
    [168, 85, 247],
  ],
  foil: [
    [6, 78, 59],
    [52, 211, 153],
  ],
  sabre: [
    [127, 29, 29],
    [248, 113, 113],
  ],
};

/**
 * Fills an empty database with a small demo community, so a newcomer sees a living feed in every weapon.
 * Runs at start when SEED_DEMO is on and no regular user exists yet (an ADMIN_USERNAME admin may already), in one
 * transaction, under the start-up lock (see StartupTasks), so concurrent replicas seed once.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly objects: ObjectsService,
  ) {}

  /** Whether the database has no regular user yet, the only case in which seedIfEmpty does anything. */
  async isEmpty(): Promise<boolean> {
    return !(await this.hasRegularUsers(this.dataSource.manager));
  }

  async seedIfEmpty(): Promise<void> {
    if (!(await this.isEmpty())) return;
    const started = Date.now();
    // Hashing runs on libuv's threads while the pictures are drawn on this one.
    const adminPassword = this.config.admin ? null : randomBytes(12).toString('base64url');
    const hashes = Promise.all([
      hashPassword(DEMO_PASSWORD),
      adminPassword ? hashPassword(adminPassword) : null,
    ]);
    const pictures = new Map(WEAPONS.map((w) => [w, pistePicture(...PICTURE_COLOURS[w])]));
    const [demoHash, adminHash] = await hashes;
    const result = await this.dataSource.transaction(async (manager) => {
      await this.seed(manager, demoHash, pictures);
      // With ADMIN_USERNAME/ADMIN_PASSWORD the auth module makes the admin; otherwise one is made here, once.
      const admins: unknown[] = await manager.query('SELECT 1 FROM users WHERE "isAdmin" LIMIT 1');
      if (admins.length || !adminHash) return { admin: false };
      await insertRows(manager, 'users', [
        {
          username: GENERATED_ADMIN_USERNAME,
          email: `${GENERATED_ADMIN_USERNAME}@admins.piste.local`,
          password: adminHash,
          name: 'Piste Admin',
          title: 'Moderator',
          isAdmin: true,
          emailVerifiedAt: new Date(),
        },
      ]);
      return { admin: true };
    });
    this.logger.log(
      `Seeded a demo community (${USERS.length} users, ${POSTS.length} posts) in ${Date.now() - started} ms; ` +
        `demo users sign in with the password '${DEMO_PASSWORD}'`,
    );
    if (result.admin) {
      this.logger.warn(
        `Created the admin account '${GENERATED_ADMIN_USERNAME}' with the password '${adminPassword}'. ` +
          'It is shown only this once: sign in and keep it safe, or set ADMIN_USERNAME and ADMIN_PASSWORD.',
      );
    }
  }

  private async hasRegularUsers(manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM users WHERE NOT "isAdmin" LIMIT 1');
    return rows.length > 0;
  }

  private async seed(
    manager: EntityManager,
    passwordHash: string,
    pictures: Map<Weapon, Buffer>,
  ): Promise<void> {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const ids = new Map(USERS.map((u) => [u.username, randomUUID()]));
    const id = (username: string) => ids.get(username)!;
    const postsCount = new Map<string, number>();
    for (const p of POSTS) postsCount.set(p.author, (postsCount.get(p.author) ?? 0) + 1);

    await insertRows(
      manager,
      'users',
      USERS.map((u, i) => ({
        id: id(u.username),
        username: u.username,
        email: `${u.username}@demo.piste.local`,
        password: passwordHash,
        name: u.name,
        weaponSpecialty: u.weapon,
        role: u.role,
        title: u.title,
        location: u.location,
        bio: u.bio,
        postsCount: postsCount.get(u.username) ?? 0,
        createdAt: at(60 * 24 * (30 + i)),
        // Demo addresses receive no mail: they count as verified.
        emailVerifiedAt: at(60 * 24 * (30 + i)),
      })),
    );

    const posts = [];
    const likes = [];
    const dislikes = [];
    const comments = [];
    for (const p of POSTS) {
      const postId = randomUUID();
      const picture = p.picture
        ? await this.objects.storeTrusted(manager, id(p.author), 'post', pictures.get(p.weapon)!, 'image/png')
        : null;
      const commentIds: string[] = [];
      for (const [i, c] of (p.comments ?? []).entries()) {
        commentIds.push(randomUUID());
        comments.push({
          id: commentIds[i],
          postId,
          authorId: id(c.author),
          content: c.content,
          parentId: c.replyTo === undefined ? null : commentIds[c.replyTo],
          createdAt: at(p.minutesAgo - 5 * (i + 1)),
        });
      }
      for (const u of p.likedBy ?? []) likes.push({ userId: id(u), postId, createdAt: at(p.minutesAgo - 1) });
      for (const u of p.dislikedBy ?? [])
        dislikes.push({ userId: id(u), postId, createdAt: at(p.minutesAgo - 1) });
      posts.push({
        id: postId,
        authorId: id(p.author),
        content: p.content,
        type: p.type,
        weapon: p.weapon,
        authorRole: USERS.find((u) => u.username === p.author)!.role,
        ...pictureColumns(picture),
        drillDetails: p.drill ? JSON.stringify(p.drill) : null,
        achievementDetails: p.achievement ? JSON.stringify(p.achievement) : null,
        likesCount: p.likedBy?.length ?? 0,
        dislikesCount: p.dislikedBy?.length ?? 0,
        commentsCount: p.comments?.length ?? 0,
        createdAt: at(p.minutesAgo),
      });
    }
    await insertRows(manager, 'posts', posts);
    await insertRows(manager, 'likes', likes);
    await insertRows(manager, 'dislikes', dislikes);
    await insertRows(manager, 'comments', comments);

    await insertRows(
      manager,
      'friend_requests',
      CONNECTIONS.map(([sender, receiver, status], i) => ({
        senderId: id(sender),
        receiverId: id(receiver),
        status,
        createdAt: at(60 * 24 * (10 - i)),
      })),
    );

    // One conversation per pair, participant1Id the smaller id (uuids compare as their hex text).
    const [a, b] = CONVERSATION.between.map(id).sort();
    const conversationId = randomUUID();
    const last = CONVERSATION.messages[CONVERSATION.messages.length - 1];
    await insertRows(manager, 'conversations', [
      {
        id: conversationId,
        participant1Id: a,
        participant2Id: b,
        lastMessageAt: at(last[2]),
        createdAt: at(CONVERSATION.messages[0][2]),
      },
    ]);
    await insertRows(
      manager,
      'messages',
      CONVERSATION.messages.map(([sender, content, minutesAgo], i) => {
        const receiver = CONVERSATION.between.find((u) => u !== sender)!;
        return {
          conversationId,
          senderId: id(sender),
          receiverId: id(receiver),
          content,
          isRead: i < CONVERSATION.messages.length - 1,
          createdAt: at(minutesAgo),
        };
      }),
    );
  }
}

/** A demo post's picture as the posts table records it: the original, its size and its display version. */
function pictureColumns(picture: TrustedUpload | null): Record<string, unknown> {
  return {
    mediaUrl: picture?.objectPath ?? null,
    mediaType: picture ? 'image' : null,
    mediaWidth: picture?.image?.width ?? null,
    mediaHeight: picture?.image?.height ?? null,
    mediaDisplayUrl: picture?.image?.display?.path ?? null,
    mediaDisplayWidth: picture?.image?.display?.width ?? null,
    mediaDisplayHeight: picture?.image?.display?.height ?? null,
  };
}

/** One multi-row INSERT; column names are our own constants, values are parameters. */
async function insertRows(
  manager: EntityManager,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map((column) => {
      values.push(row[column]);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  await manager.query(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`,
    values,
  );
}
