import type { LicenceKey } from './platforms';

/**
 * Every ability name of spec 2 §6, in one place for the seed, the server checks, the portal guards and the role
 * form: grouped by area as the role form shows them (every ability in exactly one area), in the spec's order.
 */
export const ABILITY_AREAS = [
  { key: 'projects', abilities: ['view-projects', 'create-projects', 'update-projects', 'delete-projects'] },
  {
    key: 'models',
    abilities: [
      'list-project-models',
      'update-project-models',
      'create-project-models',
      'share-project-models',
      'comment-project-models',
    ],
  },
  { key: 'libraries', abilities: ['list-libraries', 'update-libraries', 'delete-libraries'] },
  {
    key: 'items',
    abilities: [
      'list-library-items',
      'update-library-items',
      'delete-library-items',
      'share-library-items',
      'comment-library-items',
    ],
  },
  {
    key: 'materials',
    abilities: ['list-materials', 'update-materials', 'delete-materials', 'share-materials'],
  },
  {
    key: 'categories',
    abilities: ['list-material-categories', 'update-material-categories', 'delete-material-categories'],
  },
  { key: 'users', abilities: ['view-system-users', 'create-users', 'update-users', 'delete-users'] },
  { key: 'roles', abilities: ['view-roles', 'create-roles', 'update-roles', 'delete-roles'] },
  { key: 'groups', abilities: ['view-groups', 'create-groups', 'update-groups', 'delete-groups'] },
  { key: 'labels', abilities: ['list-labels', 'create-labels', 'update-labels', 'delete-labels'] },
  {
    key: 'propertyMaps',
    abilities: ['list-property-maps', 'create-property-maps', 'update-property-maps', 'delete-property-maps'],
  },
  { key: 'downloads', abilities: ['list-downloads'] },
  { key: 'recyclingBin', abilities: ['access-recycling-bin', 'restore-deleted-entities'] },
  { key: 'company', abilities: ['view-company', 'edit-company'] },
  { key: 'processor', abilities: ['update-options'] },
] as const satisfies ReadonlyArray<{ key: string; abilities: readonly string[] }>;

export type Ability = (typeof ABILITY_AREAS)[number]['abilities'][number];

/** Sharing a model with people outside through a link (issue 46; not in spec 2 §6, granted like editing models). */
export const SHARE_MODELS_ABILITY = 'share-project-models' satisfies Ability;

/** Sharing a library item through a link (issue 46; granted like editing items). */
export const SHARE_ITEMS_ABILITY = 'share-library-items' satisfies Ability;

/** Sharing a material through a link (issue 46; granted like editing materials). */
export const SHARE_MATERIALS_ABILITY = 'share-materials' satisfies Ability;

/** Writing comments pinned to a model (issue 45; granted like editing models). Reading them goes with the model. */
export const COMMENT_MODELS_ABILITY = 'comment-project-models' satisfies Ability;

/** Writing comments pinned to a library item (issue 45; granted like editing items). */
export const COMMENT_ITEMS_ABILITY = 'comment-library-items' satisfies Ability;

/** Restoring from the recycling bin, and undoing a delete (spec 2 §Recycling bin; issue 46). */
export const RESTORE_ABILITY = 'restore-deleted-entities' satisfies Ability;

/** Every ability, area by area. */
export const ABILITIES: readonly Ability[] = ABILITY_AREAS.flatMap((area) => area.abilities);

/** Brands a list of names that only `anyOf`/`anyLicenceOf` make, so a hand-written `'a|typo'` fails the type check. */
declare const alternatives: unique symbol;

/**
 * Several names of which any one suffices (`a|b`, spec 1 §6), as `hasAbility` and `hasLicence` read them. Made only
 * by `anyOf` (abilities) and `anyLicenceOf` (licences), which check every name.
 */
export type Alternatives<Name extends string> = `${Name}|${string}` & { readonly [alternatives]: Name };

/** What a check may require: one ability, or several of which any one suffices (`anyOf(…)`). */
export type RequiredAbilities = Ability | Alternatives<Ability>;

/** What a check may require: one licence key, or several of which any one suffices (`anyLicenceOf(…)`). */
export type RequiredLicences = LicenceKey | Alternatives<LicenceKey>;

/** `'a|b|c'` of the names `['a', 'b', 'c']`. */
type Joined<T extends readonly string[]> = T extends readonly [
  infer First extends string,
  ...infer Rest extends string[],
]
  ? Rest extends readonly []
    ? First
    : `${First}|${Joined<Rest>}`
  : never;

/** The one maker of `Alternatives`: its signature takes only names of `Name`, its body joins them. */
function alternativesOf<Name extends string, const T extends readonly Name[]>(
  names: T,
): Joined<T> & Alternatives<Name>;
function alternativesOf(names: readonly string[]): string {
  return names.join('|');
}

/** Any one of these abilities (`'view-groups|create-users'`), every name checked against the ability list. */
export const anyOf = <const T extends readonly [Ability, Ability, ...Ability[]]>(...names: T) =>
  alternativesOf<Ability, T>(names);

/** Any one of these licences (`'hatch|design_and_sales'`), every key checked against the licence keys. */
export const anyLicenceOf = <const T extends readonly [LicenceKey, LicenceKey, ...LicenceKey[]]>(
  ...names: T
) => alternativesOf<LicenceKey, T>(names);

/**
 * Any one of several requirements gathered at run time, each already checked where it was written (a bulk
 * endpoint's guard: any one of its actions' abilities, server/http/crud/bulk.ts): one as itself, several as `a|b`.
 */
export function anyOfRequired(first: RequiredAbilities, ...rest: RequiredAbilities[]): RequiredAbilities;
export function anyOfRequired(...names: string[]): string {
  return [...new Set(names)].join('|');
}

export interface PermissionSubject {
  admin: boolean;
  abilities: readonly string[];
  licenses: readonly string[];
}

/**
 * A pipe-separated list means any one suffices (spec 1 §6); admins pass every check. The names are strings here: the
 * server's guards and the user's `abilities` come as such; the portal asks through its typed checks
 * (`RequiredAbilities`, src/lib/permissions.ts).
 */
export function hasAbility(subject: PermissionSubject, required: string): boolean {
  if (subject.admin) return true;
  return required.split('|').some((name) => subject.abilities.includes(name.trim()));
}

export function hasLicence(subject: PermissionSubject, required: string): boolean {
  return required.split('|').some((name) => subject.licenses.includes(name.trim()));
}
