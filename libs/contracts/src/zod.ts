import * as z from 'zod/mini';

/**
 * The zod every reply, socket event and stored record is written with: zod/mini, whose functions a bundle takes one
 * by one, so the browser's first load carries only the parsing it uses (requests keep classic zod, with the
 * server's rules and messages: requests/). Every schema module takes `z` from here, so this runs before any
 * schema is made: in a browser the schemas run without compiled fast paths, or zod would probe for eval() as
 * object schemas are made, which Piste's CSP forbids and the browser reports as a policy violation. Servers keep
 * the fast paths.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
