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
import { hashPassword } from '../auth/password';
import { ObjectsService, type TrustedUpload } from '../objects/objects.service';
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

const USERS: DemoUser[] = [
  { username: 'claire_dubois', name: 'Claire Dubois', weapon: 'epee', role: 'coach', title: 'Head Coach, Lyon Épée Club', location: 'Lyon, France', bio: 'Thirty years on the piste. Distance is everything.' },
  { username: 'marcus_chen', name: 'Marcus Chen', weapon: 'epee', role: 'senior_team', title: 'National team épéeist', location: 'Vancouver, Canada', bio: 'Counter-attacks and coffee.' },
  { username: 'sofia_rossi', name: 'Sofia Rossi', weapon: 'epee', role: 'cadet_junior', title: 'Cadet épée, U17', location: 'Turin, Italy', bio: 'Working on my flèche.' },
  { username: 'tom_becker', name: 'Tom Becker', weapon: 'epee', role: 'parent', title: 'Fencing parent', location: 'Hamburg, Germany', bio: 'Driver, snack supplier, loudest fan.' },
  { username: 'aiko_tanaka', name: 'Aiko Tanaka', weapon: 'foil', role: 'div_1', title: 'Division I foilist', location: 'Osaka, Japan', bio: 'Right of way is a state of mind.' },
  { username: 'lucas_martin', name: 'Lucas Martin', weapon: 'foil', role: 'coach', title: 'Foil coach, Salle Martin', location: 'Montréal, Canada', bio: 'Footwork first, blade second.' },
  { username: 'emma_walsh', name: 'Emma Walsh', weapon: 'foil', role: 'youth', title: 'Y14 foil', location: 'Dublin, Ireland', bio: 'First national this season!' },
  { username: 'ravi_patel', name: 'Ravi Patel', weapon: 'foil', role: 'referee', title: 'FIE referee', location: 'London, UK', bio: 'Halt! Attack from the left.' },
  { username: 'nadia_haddad', name: 'Nadia Haddad', weapon: 'sabre', role: 'div_1a', title: 'Sabre, Division IA', location: 'Cairo, Egypt', bio: 'Fast hands, faster feet.' },
  { username: 'jon_kowalski', name: 'Jon Kowalski', weapon: 'sabre', role: 'armorist', title: 'Club armorist', location: 'Kraków, Poland', bio: 'If it is broken, bring it to me.' },
  { username: 'maya_okafor', name: 'Maya Okafor', weapon: 'sabre', role: 'para_fencing', title: 'Para-fencing, category A', location: 'Lagos, Nigeria', bio: 'Wheelchair sabre. Relentless.' },
  { username: 'leo_garcia', name: 'Leo Garcia', weapon: 'sabre', role: 'div_2', title: 'Adult sabre, Division II', location: 'Austin, USA', bio: 'Started at 35. Never looked back.' },
]; // prettier-ignore

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

const POSTS: DemoPost[] = [
  { author: 'claire_dubois', weapon: 'epee', type: 'drill', minutesAgo: 25, picture: true,
    content: 'Distance ladder for épée: partner sets the distance, you hold it for 30 seconds, then explode into a lunge on the clap. Three rounds, rest in between.',
    drill: { duration: '20 minutes', level: 'Intermediate', equipment: 'Mask, épée, partner', focus: 'Distance and timing' },
    likedBy: ['marcus_chen', 'sofia_rossi', 'tom_becker', 'aiko_tanaka'],
    comments: [
      { author: 'sofia_rossi', content: 'We did this on Tuesday, my legs are still complaining!' },
      { author: 'claire_dubois', content: 'That means it works 😄', replyTo: 0 },
      { author: 'marcus_chen', content: 'Adding a retreat before the lunge makes it even better.' },
    ] },
  { author: 'marcus_chen', weapon: 'epee', type: 'achievement', minutesAgo: 60 * 5,
    content: 'Bronze at the Vancouver Open! Lost 15-13 in the semis after a great bout. Proud of the team.',
    achievement: { place: '3rd', score: '15-13', competition: 'Vancouver Open', competitors: 96 },
    likedBy: ['claire_dubois', 'sofia_rossi', 'tom_becker'],
    comments: [{ author: 'claire_dubois', content: 'Well deserved, Marcus. That stop-hit in the quarter was textbook.' }] },
  { author: 'sofia_rossi', weapon: 'epee', type: 'general', minutesAgo: 60 * 26,
    content: 'Does anyone have tips for staying calm at 14-14? My hand starts shaking every time.',
    likedBy: ['tom_becker'],
    comments: [
      { author: 'marcus_chen', content: 'Breathe out slowly before "En garde". Decide your action before the "Allez".' },
      { author: 'tom_becker', content: 'Watching from the stands is even worse, trust me.' },
    ] },
  { author: 'tom_becker', weapon: 'epee', type: 'general', minutesAgo: 60 * 24 * 3,
    content: 'Packing list for our first away tournament: two épées, body cord spares, tape, and far too many sandwiches.',
    likedBy: ['claire_dubois'] },
  { author: 'lucas_martin', weapon: 'foil', type: 'drill', minutesAgo: 40, picture: true,
    content: 'Parry-riposte chain: 4 → riposte, 6 → riposte, circle 6 → riposte. The coach calls the line, you react. Keep the point in line the whole time.',
    drill: { duration: '15 minutes', level: 'Beginner', equipment: 'Foil, lamé, coach', focus: 'Parries and ripostes' },
    likedBy: ['aiko_tanaka', 'emma_walsh', 'ravi_patel'],
    comments: [
      { author: 'emma_walsh', content: 'Circle 6 is so hard to keep small!' },
      { author: 'lucas_martin', content: 'Think of it as a wrist movement, not an arm movement.', replyTo: 0 },
    ] },
  { author: 'aiko_tanaka', weapon: 'foil', type: 'achievement', minutesAgo: 60 * 9,
    content: 'Won the Osaka Spring Cup! Seven bouts without a loss in the pools.',
    achievement: { place: '1st', score: '15-11', competition: 'Osaka Spring Cup', competitors: 48 },
    likedBy: ['lucas_martin', 'emma_walsh', 'ravi_patel', 'claire_dubois'],
    comments: [{ author: 'ravi_patel', content: 'I reffed your final. Beautiful attacks in preparation.' }] },
  { author: 'ravi_patel', weapon: 'foil', type: 'general', minutesAgo: 60 * 30,
    content: 'Reminder from the referee’s chair: an attack that starts with a bent arm is not an attack. Extend first!',
    likedBy: ['lucas_martin'], dislikedBy: ['emma_walsh'] },
  { author: 'emma_walsh', weapon: 'foil', type: 'general', minutesAgo: 60 * 24 * 2,
    content: 'First time fencing with an electric foil today. The buzzer made me jump every single time.',
    likedBy: ['aiko_tanaka', 'lucas_martin'] },
  { author: 'nadia_haddad', weapon: 'sabre', type: 'drill', minutesAgo: 15, picture: true,
    content: 'Explosive start drill: from en garde, two quick advances and a lunge on the light signal. 10 reps × 5 sets. Film yourself to check your hand goes first.',
    drill: { duration: '25 minutes', level: 'Advanced', equipment: 'Sabre, light trainer', focus: 'Speed off the line' },
    likedBy: ['leo_garcia', 'maya_okafor', 'jon_kowalski'],
    comments: [
      { author: 'leo_garcia', content: 'Tried it this morning. My calves hate you.' },
      { author: 'maya_okafor', content: 'Works seated too with just the arm and the lean. Love it.' },
    ] },
  { author: 'maya_okafor', weapon: 'sabre', type: 'achievement', minutesAgo: 60 * 7,
    content: 'Silver at the wheelchair fencing World Cup! Thank you to everyone who cheered.',
    achievement: { place: '2nd', score: '15-12', competition: 'Wheelchair Fencing World Cup', competitors: 32 },
    likedBy: ['nadia_haddad', 'leo_garcia', 'jon_kowalski', 'marcus_chen'],
    comments: [{ author: 'nadia_haddad', content: 'Incredible, Maya! 🥈' }] },
  { author: 'jon_kowalski', weapon: 'sabre', type: 'general', minutesAgo: 60 * 20,
    content: 'Armoury hours this week: Tuesday and Thursday evenings. Bring broken body cords and masks that fail the punch test.',
    likedBy: ['leo_garcia'] },
  { author: 'leo_garcia', weapon: 'sabre', type: 'general', minutesAgo: 60 * 24 * 4,
    content: 'One year of sabre today. From not knowing what a parry was to my first Division II medal. Start, whatever your age.',
    likedBy: ['nadia_haddad', 'maya_okafor'] },
]; // prettier-ignore

/** Accepted connections (and one pending request, so the badge has something to show). */
const CONNECTIONS: [string, string, 'accepted' | 'pending'][] = [
  ['claire_dubois', 'marcus_chen', 'accepted'],
  ['aiko_tanaka', 'lucas_martin', 'accepted'],
  ['nadia_haddad', 'maya_okafor', 'accepted'],
  ['claire_dubois', 'aiko_tanaka', 'accepted'],
  ['sofia_rossi', 'claire_dubois', 'pending'],
];

const CONVERSATION: { between: [string, string]; messages: [string, string, number][] } = {
  between: ['claire_dubois', 'marcus_chen'],
  messages: [
    ['claire_dubois', 'Congratulations on the bronze, Marcus!', 60 * 4],
    ['marcus_chen', 'Thank you! Your distance drill helped a lot in the quarter-final.', 60 * 3],
    ['claire_dubois', 'Come by the club on Saturday? The cadets would love a session with you.', 60 * 2],
    ['marcus_chen', 'Count me in. 10 am?', 90],
  ],
};

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
