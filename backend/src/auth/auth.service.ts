import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RegisterPayload, SessionUser } from '@piste/contracts';
import { registerPayloadSchema } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { UsersService } from '../users/users.service';
import { toSessionUser } from '../users/users.mapper';
import { hashPassword, verifyPassword } from './password';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(payload: ReturnType<typeof registerPayloadSchema.parse>): Promise<SessionUser> {
    const { password, ...fields } = payload;
    const user = await this.users.create({ ...fields, passwordHash: await hashPassword(password) });
    return toSessionUser(user);
  }

  /** Null when the username or password is wrong; never says which. */
  async validateCredentials(username: string, password: string): Promise<SessionUser | null> {
    const user = await this.users.findByUsernameWithPassword(username);
    if (!user || !(await verifyPassword(user.password, password))) return null;
    return toSessionUser(user);
  }

  /** The session carries only the user id; this reloads the user on each request so bans and edits apply at once. */
  async sessionUser(id: string): Promise<SessionUser | null> {
    const user = await this.users.findById(id);
    return user ? toSessionUser(user) : null;
  }

  /**
   * Creates or promotes an admin (`ADMIN_USERNAME`/`ADMIN_PASSWORD` at start). An admin that already has this
   * password is left as it is, so replicas starting one after another write nothing.
   */
  async ensureAdmin(username: string, password: string): Promise<void> {
    const existing = await this.users.findByUsernameWithPassword(username);
    if (existing?.isAdmin && (await verifyPassword(existing.password, password))) {
      this.logger.log(`Admin '${username}' is ready`);
      return;
    }
    const passwordHash = await hashPassword(password);
    if (existing) {
      await this.users.setAdmin(existing.id, passwordHash);
      this.logger.log(`Admin '${username}' is ready`);
      return;
    }
    const payload: RegisterPayload = {
      username,
      email: `${username.toLowerCase()}@admins.piste.local`,
      name: 'Piste Admin',
      password,
      title: 'Moderator',
    };
    const parsed = registerPayloadSchema.parse(payload);
    const { password: _unused, ...fields } = parsed;
    void _unused;
    await this.users.create({ ...fields, passwordHash, isAdmin: true });
    this.logger.log(`Admin '${username}' created`);
  }
}
