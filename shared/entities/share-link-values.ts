/**
 * Share links' constants without TypeBox (issue 46), for the portal's registry every screen loads and the server:
 * who may list and revoke the company's links (Tools), and the limits of a link's options.
 */
import { SHARE_ITEMS_ABILITY, SHARE_MATERIALS_ABILITY, SHARE_MODELS_ABILITY } from '../abilities';
import { anyOf, type EntityAbilities } from '../entity-abilities';

/** The kinds of record a link shares: a project's model, a library item, a material. */
export const SHARED_RECORD_TYPES = ['model', 'item', 'material'] as const;
export type SharedRecordType = (typeof SHARED_RECORD_TYPES)[number];

/**
 * Each kind's API collection (links are made at `{collection}/{id}/share-links`, `{id}` being the record's id, or a
 * material's name as its calls name it), the ability to share it, and whether it is a processed 3D file (a model
 * or an item: a viewer glb, versions, an original file to download) or a material (its base-colour map on a sphere).
 */
export const SHARED_RECORDS = {
  model: { collection: 'projects/models', ability: SHARE_MODELS_ABILITY, key: 'id', processed: true },
  item: { collection: 'libraries/items', ability: SHARE_ITEMS_ABILITY, key: 'id', processed: true },
  material: { collection: 'materials', ability: SHARE_MATERIALS_ABILITY, key: 'name', processed: false },
} as const satisfies Record<
  SharedRecordType,
  { collection: string; ability: string; key: 'id' | 'name'; processed: boolean }
>;

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

/** Who may list and revoke the company's links: anyone who may share models, items or materials. */
export const SHARE_LINK_ABILITIES = {
  list: anyOf(SHARE_MODELS_ABILITY, SHARE_ITEMS_ABILITY, SHARE_MATERIALS_ABILITY),
  delete: anyOf(SHARE_MODELS_ABILITY, SHARE_ITEMS_ABILITY, SHARE_MATERIALS_ABILITY),
} as const satisfies EntityAbilities;
