import { createEventListStore } from './events';

/** A club's upcoming events, on its page: a list of its own, beside the events page's. */
export const useClubEventsStore = createEventListStore();
