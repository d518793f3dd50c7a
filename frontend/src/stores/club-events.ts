import { createEventListStore } from './events';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** A club's upcoming events, on its page: a list of its own, beside the events page's. */
export const useClubEventsStore = createEventListStore();

screenStoreLoaded('club-events', useClubEventsStore);
