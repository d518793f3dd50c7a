import { z } from 'zod';
import { WRONG_CURRENT_PASSWORD } from '../accounts';
import { LIMITS } from '../constants';
import { clientString } from './common';

/** POST /api/account/delete: the password, as the proof that it is really the owner. */
export const deleteAccountSchema = z.object({
  password: clientString('Enter your password')
    .min(1, { message: 'Enter your password' })
    .max(LIMITS.password, { message: WRONG_CURRENT_PASSWORD }),
});
export type DeleteAccountPayload = z.infer<typeof deleteAccountSchema>;
