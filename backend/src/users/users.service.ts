import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Not, QueryFailedError, Repository } from 'typeorm';
import type { RegisterPayload, updateProfileSchema } from '@piste/contracts';
import type { z } from 'zod';
import { ObjectsService } from '../objects/objects.service';
import { UserEntity } from './user.entity';

type NewUser = Omit<Required<RegisterPayload>, 'password' | 'avatar' | 'bio' | 'title' | 'location'> & {
  passwordHash: string;
  avatar: string | null;
  bio: string | null;
  title: string | null;
  location: string | null;
  isAdmin?: boolean;
  /** An address that receives no mail (the configured admin's) counts as verified from the start. */
  emailVerified?: boolean;
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

const EMAIL_TAKEN = 'Email is already registered';
const AVATAR_NOT_UPLOADED = 'Avatar must be an uploaded image';

/** A path of an object stored through POST /api/objects/upload (no traversal, no query). */
export function isObjectPath(value: string): boolean {
  return /^\/objects\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value) && !value.includes('..');
}

@Injectable()
export class UsersService {
  private readonly emailChangeSteps = new Set<EmailChangeStep>();

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly objects: ObjectsService,
  ) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  async getById(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException('User not found');
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
        throw new ConflictException('Username is already taken');
      }
      throw new ConflictException('Email is already registered');
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
    if (clash) throw new ConflictException(EMAIL_TAKEN);
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
    if (clash) throw new ConflictException(EMAIL_TAKEN);
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
        throw new ConflictException(EMAIL_TAKEN);
      }
      throw error;
    }
    return this.getById(id);
  }

  /** A new avatar must be an image this user uploaded as an avatar (not someone else's file, not a URL). */
  private async assertOwnAvatarUpload(userId: string, avatar: string): Promise<void> {
    if (!isObjectPath(avatar)) throw new BadRequestException(AVATAR_NOT_UPLOADED);
    try {
      const { kind } = await this.objects.assertUploadedBy(userId, avatar, 'avatar');
      if (kind !== 'image') throw new BadRequestException(AVATAR_NOT_UPLOADED);
    } catch (error) {
      if (error instanceof BadRequestException) throw new BadRequestException(AVATAR_NOT_UPLOADED);
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
