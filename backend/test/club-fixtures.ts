import type { ClubPage } from '@piste/contracts';
import { uniqueName, type TestUser } from './helpers';

/** A word made of a unique name: a club name's tail that one search finds alone. */
export const word = (prefix: string) => uniqueName(prefix).replace(/[^a-z0-9]/g, '');

/** A club made by `owner` (open joining unless overridden). */
export async function makeClub(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<ClubPage> {
  const res = await owner.client.post<ClubPage>('/api/clubs', {
    name: `Salle ${word('club')}`,
    city: 'Lyon',
    country: 'fr',
    weapons: ['epee', 'foil'],
    description: 'Three nights a week.',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`club failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Joins an open club; throws when refused. */
export async function joinClub(user: TestUser, slug: string): Promise<void> {
  const res = await user.client.post(`/api/clubs/${slug}/join`);
  if (res.status !== 201) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
}
