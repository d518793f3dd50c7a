import type { ClubRole } from '@piste/contracts';
import { createFencerClubsStore } from './fencer-clubs';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** Who may add a club's events: its owner, admins and coaches. */
export const hostsClubEvents = (role: ClubRole): boolean => role !== 'member';

/** The clubs whose events the signed-in fencer may add, for the event form's Club choice. */
export const useHostingClubsStore = createFencerClubsStore((club) => hostsClubEvents(club.role));

screenStoreLoaded('hosting-clubs', useHostingClubsStore);
