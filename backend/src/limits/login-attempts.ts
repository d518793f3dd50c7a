import { HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { RateLimitName } from '../config/rate-limits';
import { clientAddress } from './client-address';
import { LimitsService } from './limits.service';
import { withRetryAfter } from './too-many-requests';
import { hasStatus } from '../common/coded-exception';

/**
 * How long a username remembers an address it signed in from (exempt from the per-username ceiling): three
 * weeks, within what the in-memory store can time (its timers stop at 24.8 days).
 */
const KNOWN_ADDRESS_SECONDS = 21 * 24 * 60 * 60;
const KNOWN_ADDRESSES = 'login-known';

type Count = [RateLimitName, string];

/**
 * Sign-in attempts, limited so that guessing passwords fails while a stranger cannot lock the real user out
 * (the "login endpoint protection" pattern; SECURITY.md, "Abuse limits"):
 * - wrong passwords per username *and* address (`login-pair`) close that pair only: the user elsewhere is
 *   unaffected, and a sign-in forgets the pair's count;
 * - wrong passwords per address (`login-ip`, `login-ip-day`) stop one machine trying many usernames;
 * - wrong passwords per username from addresses it never signed in from (`login-username`) is a ceiling for a
 *   guess spread over many machines. It slows such a guess to its rate; the price is that while it is full,
 *   the user too waits on a new address — never on one they signed in from in the last three weeks.
 *
 * Each attempt is counted before the password is checked (so a burst of parallel requests cannot slip past a
 * check-then-count), in that order, stopping at the first limit reached: a closed pair costs its address and
 * username nothing more. A success, or a failure that is not a wrong password, gives the counts back.
 */
@Injectable()
export class LoginAttempts {
  constructor(private readonly limits: LimitsService) {}

  async attempt<T>(request: Request, username: string, checkPassword: () => Promise<T>): Promise<T> {
    const address = clientAddress(request);
    // Usernames are matched without regard to case; a longer one is no real username.
    const name = username.trim().toLowerCase().slice(0, 64);
    const pair = `${address}|${name}`;
    const known = await this.limits.remembers(KNOWN_ADDRESSES, pair, KNOWN_ADDRESS_SECONDS);
    const counts: Count[] = [
      ['login-pair', pair],
      ['login-ip', address],
      ['login-ip-day', address],
    ];
    if (!known) counts.push(['login-username', name]);

    const taken: Count[] = [];
    try {
      for (const count of counts) {
        await this.limits.consume(...count);
        taken.push(count);
      }
    } catch (err) {
      await this.refund(taken);
      throw withRetryAfter(request.res, err);
    }

    let result: T;
    try {
      result = await checkPassword();
    } catch (err) {
      if (!hasStatus(err, HttpStatus.UNAUTHORIZED)) await this.refund(taken);
      throw err;
    }
    await Promise.all([
      this.limits.reset('login-pair', pair),
      this.refund(taken.filter(([limit]) => limit !== 'login-pair')),
      this.limits.remember(KNOWN_ADDRESSES, pair, KNOWN_ADDRESS_SECONDS),
    ]);
    return result;
  }

  private async refund(counts: Count[]): Promise<void> {
    await Promise.all(counts.map((count) => this.limits.refund(...count)));
  }
}
