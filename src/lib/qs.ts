/**
 * What refine imports as `qs` (vite.config.ts aliases the package here): qs-esm, Payload's maintained ES-module
 * fork of qs with the same parse and stringify, without qs's side-channel dependency chain (side-channel,
 * object-inspect, get-intrinsic and their helpers: about 15 kB of gzipped JavaScript on every first visit, there
 * only to detect cyclic objects in stringify). refine imports the package's default export, which qs-esm does not
 * have.
 */
import { parse, stringify } from 'qs-esm';

export { parse, stringify };
export default { parse, stringify };
