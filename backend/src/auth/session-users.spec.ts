import type { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import type { RealtimePublisher } from '../publisher/realtime.publisher';
import type { RedisLink } from '../redis/redis-link';
import { SessionUsers } from './session-users';

/** The users table as the one query reads it, counting reads; a read can be held to race it. */
class Users {
  readonly names = new Map<string, string>([['u1', 'Alice']]);
  reads = 0;
  hold: Promise<void> | null = null;

  readonly dataSource = {
    query: async (_sql: string, [id]: [string, Date]) => {
      this.reads += 1;
      const name = this.names.get(id);
      await this.hold;
      if (!name) return [];
      return [
        {
          id,
          username: id,
          name,
          avatar: null,
          isAdmin: false,
          language: 'en',
          role: null,
          emailVerifiedAt: null,
          bannedUntil: null,
        },
      ];
    },
  } as unknown as DataSource;
}

describe('SessionUsers', () => {
  let users: Users;
  let sure: boolean;
  let changed: (userId: string) => void;
  let recovered: () => void;
  let sessionUsers: SessionUsers;
  beforeEach(() => {
    users = new Users();
    sure = true;
    const redis = {
      deliverySure: () => sure,
      onRecovered: (listener: () => void) => {
        recovered = listener;
        return () => undefined;
      },
    } as unknown as RedisLink;
    const publisher = {
      onUserChanged: (listener: (userId: string) => void) => (changed = listener),
    } as unknown as RealtimePublisher;
    sessionUsers = new SessionUsers(users.dataSource, new Clock(), redis, publisher);
  });

  it('keeps a user it read, until word of a change', async () => {
    await expect(sessionUsers.get('u1')).resolves.toMatchObject({ name: 'Alice' });
    await sessionUsers.get('u1');
    expect(users.reads).toBe(1);

    users.names.set('u1', 'Alicia');
    changed('u1');
    await expect(sessionUsers.get('u1')).resolves.toMatchObject({ name: 'Alicia' });
    expect(users.reads).toBe(2);
  });

  it('keeps nobody for an account that is gone', async () => {
    await expect(sessionUsers.get('gone')).resolves.toBeNull();
    await sessionUsers.get('gone');
    expect(users.reads).toBe(2);
  });

  it('reads every time while word could be lost, and keeps nothing read meanwhile', async () => {
    await sessionUsers.get('u1');
    sure = false;
    await sessionUsers.get('u1');
    await sessionUsers.get('u1');
    expect(users.reads).toBe(3);

    users.names.set('u1', 'Alicia');
    sure = true;
    recovered();
    await expect(sessionUsers.get('u1')).resolves.toMatchObject({ name: 'Alicia' });
    expect(users.reads).toBe(4);
  });

  it('does not keep a read that raced a change', async () => {
    let release = () => undefined as void;
    users.hold = new Promise((resolve) => (release = resolve));
    const racing = sessionUsers.get('u1');
    await Promise.resolve();
    users.names.set('u1', 'Alicia');
    changed('u1');
    release();
    await expect(racing).resolves.toMatchObject({ name: 'Alice' });

    users.hold = null;
    await expect(sessionUsers.get('u1')).resolves.toMatchObject({ name: 'Alicia' });
    expect(users.reads).toBe(2);
  });
});
