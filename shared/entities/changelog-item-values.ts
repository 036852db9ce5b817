import { ADMIN_ONLY, type EntityAbilities } from '../entity-abilities';

/** The changelog's types and environments without TypeBox, for the portal's registry every screen loads. */
export const CHANGELOG_TYPES = ['added', 'fixed', 'updated'] as const;
export type ChangelogType = (typeof CHANGELOG_TYPES)[number];

export const ENVIRONMENTS = ['development', 'test', 'acceptance', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The date column of an environment: an item is on an environment when its date is set. */
export const environmentDate = (environment: Environment) => `date_on_${environment}` as const;

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). No standard list: the
 * changelog is a route of its own, open to every signed-in user (server/api/changelog-items.ts); the administrators
 * write it.
 */
export const CHANGELOG_ITEM_ABILITIES = {
  show: ADMIN_ONLY,
  create: ADMIN_ONLY,
  update: ADMIN_ONLY,
  delete: ADMIN_ONLY,
} as const satisfies EntityAbilities;
