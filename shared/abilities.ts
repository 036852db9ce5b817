/** Every ability name of spec 2 §6, in one place for the seed, the server checks and the portal guards. */
export const ABILITIES = [
  'view-projects',
  'create-projects',
  'update-projects',
  'delete-projects',
  'list-project-models',
  'update-project-models',
  'create-project-models',
  'list-libraries',
  'update-libraries',
  'delete-libraries',
  'list-library-items',
  'update-library-items',
  'delete-library-items',
  'list-materials',
  'update-materials',
  'delete-materials',
  'list-material-categories',
  'update-material-categories',
  'delete-material-categories',
  'view-system-users',
  'create-users',
  'update-users',
  'delete-users',
  'view-roles',
  'create-roles',
  'update-roles',
  'delete-roles',
  'view-groups',
  'create-groups',
  'update-groups',
  'delete-groups',
  'list-labels',
  'create-labels',
  'update-labels',
  'delete-labels',
  'list-property-maps',
  'create-property-maps',
  'update-property-maps',
  'delete-property-maps',
  'list-downloads',
  'access-recycling-bin',
  'restore-deleted-entities',
  'view-company',
  'edit-company',
  'update-options',
] as const;

export type Ability = (typeof ABILITIES)[number];

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
