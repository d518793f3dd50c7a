/**
 * The catalogues' namespaces, one per area of the app; each language has one JSON file per namespace under
 * `locales/<language>/`. `common` holds the shell (header, navigation, shared components, relative times, the
 * weapons); `feed` the feed, posts, comments and the composer. English `common` and `feed` ship with the entry
 * chunk (the first screen); every other catalogue is fetched the first time a screen needs it.
 */
export const NAMESPACES = [
  'common',
  'feed',
  'auth',
  'settings',
  'notifications',
  'people',
  'messages',
  'clubs',
  'events',
  'admin',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the first screen needs before it can paint. */
export const FIRST_SCREEN_NAMESPACES: readonly Namespace[] = ['common', 'feed'];
