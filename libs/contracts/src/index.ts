/**
 * The contract between client and server. Each domain's file holds its constants and what the server sends (replies,
 * socket events, records the browser keeps), written with zod/mini so the browser loads only the parsing it uses;
 * requests/ holds what the server accepts (bodies, queries, paths and the forms behind them), with classic zod.
 */
export * from './constants';
export * from './common';
export * from './auth';
export * from './accounts';
export * from './account-data';
export * from './posts';
export * from './post-text';
export * from './social';
export * from './clubs';
export * from './fencing-events';
export * from './record';
export * from './two-factor';
export * from './passkeys';
export * from './objects';
export * from './connections';
export * from './messages';
export * from './moderation';
export * from './admin';
export * from './notifications';
export * from './search';
export * from './profiles';
export * from './events';
export * from './push';
export * from './requests/common';
export * from './requests/auth';
export * from './requests/accounts';
export * from './requests/account-data';
export * from './requests/posts';
export * from './requests/social';
export * from './requests/clubs';
export * from './requests/fencing-events';
export * from './requests/record';
export * from './requests/two-factor';
export * from './requests/passkeys';
export * from './requests/objects';
export * from './requests/connections';
export * from './requests/messages';
export * from './requests/moderation';
export * from './requests/admin';
export * from './requests/notifications';
export * from './requests/search';
export * from './requests/profiles';
export * from './requests/events';
export * from './requests/push';
