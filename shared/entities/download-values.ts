/** Downloads' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). Read by everyone with
 * list-downloads; written by the administrators through the module's own routes (server/api/downloads.ts), not standard
 * endpoints.
 */
export const DOWNLOAD_ABILITIES = {
  list: 'list-downloads',
  show: 'list-downloads',
} as const satisfies EntityAbilities;
