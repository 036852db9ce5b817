/**
 * Every ability name of spec 2 §6, in one place for the seed, the server checks, the portal guards and the role
 * form: grouped by area as the role form shows them (every ability in exactly one area), in the spec's order.
 */
export const ABILITY_AREAS = [
  { key: 'projects', abilities: ['view-projects', 'create-projects', 'update-projects', 'delete-projects'] },
  { key: 'models', abilities: ['list-project-models', 'update-project-models', 'create-project-models'] },
  { key: 'libraries', abilities: ['list-libraries', 'update-libraries', 'delete-libraries'] },
  { key: 'items', abilities: ['list-library-items', 'update-library-items', 'delete-library-items'] },
  { key: 'materials', abilities: ['list-materials', 'update-materials', 'delete-materials'] },
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

/** Every ability, area by area. */
export const ABILITIES: readonly Ability[] = ABILITY_AREAS.flatMap((area) => area.abilities);

export interface PermissionSubject {
  admin: boolean;
  abilities: readonly string[];
  licenses: readonly string[];
}

/** A pipe-separated list means any one suffices (spec 1 §6); admins pass every check. */
export function hasAbility(subject: PermissionSubject, required: string): boolean {
  if (subject.admin) return true;
  return required.split('|').some((name) => subject.abilities.includes(name.trim()));
}

export function hasLicence(subject: PermissionSubject, required: string): boolean {
  return required.split('|').some((name) => subject.licenses.includes(name.trim()));
}
