import { fetchDrills, type DrillFilters } from '../api/social';
import { createPostPagesStore } from './post-pages';

/** The drill library (`/drills`): the drill posts that match the filters in the address. */
export const useDrillsStore = createPostPagesStore<DrillFilters>(fetchDrills);

export type { DrillFilters };
