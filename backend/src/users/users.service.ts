import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Not, QueryFailedError, Repository } from 'typeorm';
import type { Language, RegisterPayload, updateProfileSchema } from '@piste/contracts';
import type { z } from 'zod';
import { ObjectsService } from '../objects/objects.service';
import { UserEntity } from './user.entity';
import { userError, UserErrorCode } from './users.errors';
import { hasStatus } from '../common/coded-exception';

type NewUser = Omit<Required<RegisterPayload>, 'password' | 'avatar' | 'bio' | 'title' | 'location'> & {
  passwordHash: string;
  avatar: string | null;
  bio: string | null;
  title: string | null;
  location: string | null;
  isAdmin?: boolean;
  /** An address that receives no mail (the configured admin's) counts as verified from the start. */
  emailVerified?: boolean;
  /** The language the registering browser asks for: the welcome mail speaks it. */
  browserLanguage?: Language | null;
};

export type ProfileChanges = z.infer<typeof updateProfileSchema>;

/**
 * What another module does when a profile edit gives the account a new address, inside the edit's transaction
 * (the user as changed, and the address it had).
 */
export type EmailChangeStep = (
  manager: EntityManager,
  user: UserEntity,
  previousEmail: string,
) => Promise<void>;

/** Enough for every user active on one replica. */
const MAX_NOTED_LANGUAGES = 20_000;

/** A path of an object stored through POST /api/objects/upload (no traversal, no query). */
export function isObjectPath(value: string): boolean {
  return /^\/objects\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value) && !value.includes('..');
}

@Injectable()
export class UsersService {
  private readonly emailChangeSteps = new Set<EmailChangeStep>();
  /** The browser language last noted per user on this replica (the oldest entry goes first beyond the cap). */
  private readonly notedLanguages = new Map<string, Language>();

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly objects: ObjectsService,
  ) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  /** The language the account speaks; null follows the browser (DESIGN.md §8). */
  async setLanguage(id: string, language: Language | null): Promise<void> {
    await this.users.update({ id }, { language });
  }

  /**
   * Notes the language the user's browser asks for, which mail and push use while they chose none. A session load
   * is a read: the statement is made only when this replica has not already noted that language for the user.
   */
  async noteBrowserLanguage(id: string, language: Language): Promise<void> {
    if (this.notedLanguages.get(id) === language) return;
    this.notedLanguages.delete(id);
    if (this.notedLanguages.size >= MAX_NOTED_LANGUAGES) {
      this.notedLanguages.delete(this.notedLanguages.keys().next().value as string);
    }
    this.notedLanguages.set(id, language);
    await this.users.query(
      `UPDATE users SET "browserLanguage" = $2 WHERE "id" = $1 AND "browserLanguage" IS DISTINCT FROM $2`,
      [id, language],
    );
  }

  async getById(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw userError(UserErrorCode.NotFound);
    return user;
  }

  findByIds(ids: string[]): Promise<UserEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids }).getMany();
  }

  /** Case-insensitive lookup, with the password hash (for sign-in). */
  findByUsernameWithPassword(username: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.password')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  async assertAvailable(
    username: string,
    email: string,
    exceptUserId?: string,
    manager: EntityManager = this.users.manager,
  ): Promise<void> {
    const taken = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.email'])
      .where('(lower(u.username) = lower(:username) OR lower(u.email) = lower(:email))', { username, email })
      .getMany();
    for (const user of taken) {
      if (user.id === exceptUserId) continue;
      if (user.username.toLowerCase() === username.toLowerCase()) {
        throw userError(UserErrorCode.UsernameTaken);
      }
      throw userError(UserErrorCode.EmailTaken);
    }
  }

  /** A new account, through `manager` when it is part of a transaction (a registration and its mail). */
  async create(input: NewUser, manager: EntityManager = this.users.manager): Promise<UserEntity> {
    const users = manager.getRepository(UserEntity);
    await this.assertAvailable(input.username, input.email, undefined, manager);
    const { passwordHash, emailVerified, ...fields } = input;
    const saved = await users.save(
      users.create({
        ...fields,
        password: passwordHash,
        emailVerifiedAt: emailVerified ? new Date() : null,
        // Youth fencers show their bouts and ratings to their connections unless they choose otherwise.
        recordVisibility: fields.role === 'youth' ? 'connections' : 'everyone',
      }),
    );
    return users.findOneByOrFail({ id: saved.id });
  }

  /** Case-insensitive, by username or by email: the login a forgotten password is asked for with. */
  findByLogin(login: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('(lower(u.username) = lower(:login) OR lower(u.email) = lower(:login))', { login })
      .andWhere('u."deletionRequestedAt" IS NULL')
      .orderBy('lower(u.username) = lower(:login)', 'DESC')
      .getOne();
  }

  /** The user with their password hash, to check a password they typed. */
  findWithPassword(id: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').addSelect('u.password').where('u.id = :id', { id }).getOne();
  }

  /** The user as `manager` (a transaction) sees them. */
  getWith(manager: EntityManager, id: string): Promise<UserEntity> {
    return manager.getRepository(UserEntity).findOneByOrFail({ id });
  }

  async setPassword(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
    await manager.update(UserEntity, { id }, { password: passwordHash });
  }

  /** Marks `email` verified when it is still the user's address; false when it no longer is. */
  async markEmailVerified(manager: EntityManager, id: string, email: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(UserEntity)
      .set({ emailVerifiedAt: () => 'now()' })
      .where('id = :id AND lower(email) = lower(:email)', { id, email })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Moves the account to a confirmed new address; 409 when another account took it meanwhile. */
  async changeEmail(manager: EntityManager, id: string, email: string): Promise<void> {
    const clash = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.id <> :id', { email, id })
      .getExists();
    if (clash) throw userError(UserErrorCode.EmailTaken);
    await manager.update(UserEntity, { id }, { email, emailVerifiedAt: new Date() });
  }

  /** Whether an admin suspended the account (it cannot sign in). */
  isSuspended(id: string): Promise<boolean> {
    return this.users.existsBy({ id, suspendedAt: Not(IsNull()) });
  }

  async setAdmin(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { isAdmin: true, password: passwordHash });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /**
   * PUT /api/users/{id}: the editable fields (already trimmed by the schema). The email stays unique
   * case-insensitively; the avatar is empty, unchanged, or an uploaded object's path.
   */
  /** Adds a step to every profile edit that changes the address, inside its transaction; returns how to remove it. */
  onEmailChange(step: EmailChangeStep): () => void {
    this.emailChangeSteps.add(step);
    return () => this.emailChangeSteps.delete(step);
  }

  async updateProfile(id: string, changes: ProfileChanges): Promise<UserEntity> {
    const user = await this.getById(id);
    if (changes.avatar && changes.avatar !== user.avatar)
      await this.assertOwnAvatarUpload(id, changes.avatar);
    const clash = await this.users
      .createQueryBuilder('u')
      .select('u.id')
      .where('lower(u.email) = lower(:email) AND u.id <> :id', { email: changes.email, id })
      .getOne();
    if (clash) throw userError(UserErrorCode.EmailTaken);
    const newEmail = changes.email.toLowerCase() !== user.email.toLowerCase();
    try {
      await this.users.manager.transaction(async (manager) => {
        await manager.update(
          UserEntity,
          { id },
          {
            name: changes.name,
            title: changes.title,
            email: changes.email,
            weaponSpecialty: changes.weaponSpecialty,
            avatar: changes.avatar,
            // A new address is unverified until its owner follows a link sent to it.
            ...(newEmail ? { emailVerifiedAt: null } : {}),
          },
        );
        if (!newEmail) return;
        const changed = await manager.findOneByOrFail(UserEntity, { id });
        for (const step of this.emailChangeSteps) await step(manager, changed, user.email);
      });
    } catch (error) {
      // A concurrent edit took the same address between the check and the update.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505') {
        throw userError(UserErrorCode.EmailTaken);
      }
      throw error;
    }
    return this.getById(id);
  }

  /** A new avatar must be an image this user uploaded as an avatar (not someone else's file, not a URL). */
  private async assertOwnAvatarUpload(userId: string, avatar: string): Promise<void> {
    if (!isObjectPath(avatar)) throw userError(UserErrorCode.AvatarNotUploaded);
    try {
      const { kind } = await this.objects.assertUploadedBy(userId, avatar, 'avatar');
      if (kind !== 'image') throw userError(UserErrorCode.AvatarNotUploaded);
    } catch (error) {
      if (hasStatus(error, HttpStatus.BAD_REQUEST)) {
        throw userError(UserErrorCode.AvatarNotUploaded);
      }
      throw error;
    }
  }

  /** Changes postsCount inside the caller's transaction (the one that adds or removes the post); never below 0. */
  async adjustPostsCount(manager: EntityManager, userId: string, delta: 1 | -1): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(UserEntity)
      .set({ postsCount: () => `GREATEST("postsCount" + ${delta}, 0)` })
      .where('id = :userId', { userId })
      .execute();
  }
}
