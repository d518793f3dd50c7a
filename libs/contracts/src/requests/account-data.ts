import { z } from 'zod';
import { WRONG_CURRENT_PASSWORD } from '../accounts';
import { LIMITS } from '../constants';
import { clientString } from './common';
import { english } from '../validation';

/** POST /api/account/delete: the password, as the proof that it is really the owner. */
export const deleteAccountSchema = z.object({
  password: clientString(english('accounts.enterPassword'))
    .min(1, { message: english('accounts.enterPassword') })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
});
export type DeleteAccountPayload = z.infer<typeof deleteAccountSchema>;
