/**
 * Share links' constants without TypeBox (issue 46), for the portal's registry every screen loads and the server:
 * who may list and revoke the company's links (Tools), and the limits of a link's options.
 */
import { SHARE_MODELS_ABILITY } from '../abilities';
import type { EntityAbilities } from '../entity-abilities';

/** The kinds of record a link shares: a project's model. */
export const SHARED_RECORD_TYPES = ['model'] as const;
export type SharedRecordType = (typeof SHARED_RECORD_TYPES)[number];

/** A link's password: at least this long (and at most 255 characters). */
export const SHARE_PASSWORD_MIN_LENGTH = 4;

/**
 * The header a password-protected link's page sends its password in (each call checks it, throttled),
 * percent-encoded (`sharePasswordHeader`), since a header carries no character beyond Latin-1.
 */
export const SHARE_PASSWORD_HEADER = 'x-share-password';

/** The password as the header carries it. */
export const sharePasswordHeader = (password: string) => encodeURIComponent(password);

/** The password a header carries; null when it is no percent-encoding. */
export function sharePasswordOf(header: string): string | null {
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

export { SHARED_PAGE_PATH } from '../public-screens';

export const SHARE_LINK_ABILITIES = {
  list: SHARE_MODELS_ABILITY,
  delete: SHARE_MODELS_ABILITY,
} as const satisfies EntityAbilities;
