import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  RECOVERY_CODES_COUNT,
  type RecoveryCodes,
  type SessionUser,
  type TotpSetup,
  type TwoFactorStatus,
} from '@piste/contracts';
import { Clock } from '../common/clock';
import { verifyPassword } from '../users/password';
import { UsersService } from '../users/users.service';
import { accountError, AccountErrorCode } from '../accounts/accounts.errors';
import { twoFactorError, TwoFactorErrorCode } from './two-factor.errors';

/** Codes from the step before and after the current one are accepted too: a phone's clock drifts, people type slowly. */
const STEP_SECONDS = 30;
const TOLERANCE_SECONDS = STEP_SECONDS;
const ISSUER = 'Piste';

/** otplib's default plugins ship as ES modules only: loaded with import(), which the CommonJS build keeps. */
const otplib = () => import('otplib');

const hashOf = (code: string) => createHash('sha256').update(normalised(code)).digest('hex');
/** How a recovery code is compared: case and dashes aside, as people type them. */
const normalised = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** A recovery code as shown: ten characters of an alphabet without look-alikes, in two groups. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

interface TotpRow {
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: string | null;
}

/**
 * TOTP two-factor sign-in (RFC 6238, codes checked by otplib) and recovery codes. A code is accepted once: the
 * time step it matched is kept, and a code of that step or an earlier one is refused.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  async status(user: SessionUser): Promise<TwoFactorStatus> {
    const [row] = await this.dataSource.query<Array<{ totp: boolean; left: number }>>(
      `SELECT u."totpSecret" IS NOT NULL AS "totp",
              (SELECT count(*)::int FROM recovery_codes r WHERE r."userId" = u."id" AND r."usedAt" IS NULL) AS "left"
         FROM users u WHERE u."id" = $1`,
      [user.id],
    );
    return { totp: row.totp, recoveryCodesLeft: row.left };
  }

  /** Whether signing in as this user asks for a second factor. */
  async required(userId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM users WHERE "id" = $1 AND "totpSecret" IS NOT NULL`,
      [userId],
    );
    return Boolean(row);
  }

  /** A new secret for an authenticator app; the factor is in force only once `enable` sees its first code. */
  async setup(user: SessionUser): Promise<TotpSetup> {
    if (await this.required(user.id)) throw twoFactorError(TwoFactorErrorCode.AlreadyOn);
    const { generateSecret, generateURI } = await otplib();
    const secret = generateSecret();
    await this.dataSource.query(`UPDATE users SET "totpPendingSecret" = $2 WHERE "id" = $1`, [
      user.id,
      secret,
    ]);
    return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: user.username, secret }) };
  }

  /** The app's first code turns the factor on; the recovery codes are made and shown this once. */
  async enable(user: SessionUser, code: string): Promise<RecoveryCodes> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockedRow(manager, user.id);
      if (row.totpSecret) throw twoFactorError(TwoFactorErrorCode.AlreadyOn);
      if (!row.totpPendingSecret) throw twoFactorError(TwoFactorErrorCode.SetupFirst);
      const step = await this.matchedStep(row.totpPendingSecret, code);
      if (step === null) throw twoFactorError(TwoFactorErrorCode.WrongCode);
      await manager.query(
        `UPDATE users SET "totpSecret" = "totpPendingSecret", "totpPendingSecret" = NULL, "totpEnabledAt" = now(),
                "totpLastStep" = $2 WHERE "id" = $1`,
        [user.id, step],
      );
      return { recoveryCodes: await this.replaceRecoveryCodes(manager, user.id) };
    });
  }

  /** Turning the factor off takes the password and a current code. */
  async disable(user: SessionUser, password: string, code: string): Promise<void> {
    await this.assertPassword(user.id, password);
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.acceptCode(manager, user.id, code)))
        throw twoFactorError(TwoFactorErrorCode.WrongCode);
      await manager.query(
        `UPDATE users SET "totpSecret" = NULL, "totpPendingSecret" = NULL, "totpEnabledAt" = NULL,
                "totpLastStep" = NULL WHERE "id" = $1`,
        [user.id],
      );
      await manager.query(`DELETE FROM recovery_codes WHERE "userId" = $1`, [user.id]);
    });
  }

  /** A new set of recovery codes (the password first); the old ones stop working. */
  async regenerateRecoveryCodes(user: SessionUser, password: string): Promise<RecoveryCodes> {
    await this.assertPassword(user.id, password);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.lockedRow(manager, user.id)).totpSecret) {
        throw twoFactorError(TwoFactorErrorCode.Off);
      }
      return { recoveryCodes: await this.replaceRecoveryCodes(manager, user.id) };
    });
  }

  /** The second step of a sign-in: a code from the app (once), or an unused recovery code (used up). */
  async verifySignIn(userId: string, answer: { code: string } | { recoveryCode: string }): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if ('code' in answer) return this.acceptCode(manager, userId, answer.code);
      // An UPDATE … RETURNING comes back as [rows, affected].
      const [used] = await manager.query<[unknown[], number]>(
        `UPDATE recovery_codes SET "usedAt" = now()
          WHERE "userId" = $1 AND "codeHash" = $2 AND "usedAt" IS NULL RETURNING "id"`,
        [userId, hashOf(answer.recoveryCode)],
      );
      return used.length > 0;
    });
  }

  /** Checks a code against the factor in force and, when it matches a step later than the last, takes that step. */
  private async acceptCode(manager: EntityManager, userId: string, code: string): Promise<boolean> {
    const row = await this.lockedRow(manager, userId);
    if (!row.totpSecret) return false;
    const step = await this.matchedStep(row.totpSecret, code);
    if (step === null || (row.totpLastStep !== null && step <= Number(row.totpLastStep))) return false;
    await manager.query(`UPDATE users SET "totpLastStep" = $2 WHERE "id" = $1`, [userId, step]);
    return true;
  }

  /** The time step `code` belongs to, within the tolerance around now; null when it matches none. */
  private async matchedStep(secret: string, code: string): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const { verify } = await otplib();
    const epoch = Math.floor(this.clock.now().getTime() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
    // The step of the code that matched: now's, or one either side (`delta`).
    return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
  }

  private async lockedRow(manager: EntityManager, userId: string): Promise<TotpRow> {
    const [row] = await manager.query<TotpRow[]>(
      `SELECT "totpSecret", "totpPendingSecret", "totpLastStep" FROM users WHERE "id" = $1 FOR UPDATE`,
      [userId],
    );
    return row;
  }

  private async replaceRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES_COUNT }, newRecoveryCode);
    await manager.query(`DELETE FROM recovery_codes WHERE "userId" = $1`, [userId]);
    await manager.query(`INSERT INTO recovery_codes ("userId", "codeHash") SELECT $1, unnest($2::text[])`, [
      userId,
      codes.map(hashOf),
    ]);
    return codes;
  }

  private async assertPassword(userId: string, password: string): Promise<void> {
    const user = await this.users.findWithPassword(userId);
    if (!user || !(await verifyPassword(user.password, password)))
      throw accountError(AccountErrorCode.WrongPassword);
  }
}
