import { fetchDrills, type DrillFilters } from '../api/social';
import { createPostPagesStore } from './post-pages';
import { screenStoreLoaded } from '../realtime/screen-stores';

/** The drill library (`/drills`): the drill posts that match the filters in the address. */
export const useDrillsStore = createPostPagesStore<DrillFilters>(fetchDrills);

export type { DrillFilters };

screenStoreLoaded('drills', useDrillsStore);
