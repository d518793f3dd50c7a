import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { RegisterPayload } from '@piste/contracts';
import { UserEntity } from './user.entity';

type NewUser = Omit<Required<RegisterPayload>, 'password' | 'avatar' | 'bio' | 'title' | 'location'> & {
  passwordHash: string;
  avatar: string | null;
  bio: string | null;
  title: string | null;
  location: string | null;
  isAdmin?: boolean;
};

@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

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

  async assertAvailable(username: string, email: string, exceptUserId?: string): Promise<void> {
    const taken = await this.users
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

  async create(input: NewUser): Promise<UserEntity> {
    await this.assertAvailable(input.username, input.email);
    const { passwordHash, ...fields } = input;
    const saved = await this.users.save(this.users.create({ ...fields, password: passwordHash }));
    return this.getById(saved.id);
  }

  async setAdmin(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { isAdmin: true, password: passwordHash });
  }

  count(): Promise<number> {
    return this.users.count();
  }
}
