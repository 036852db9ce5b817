/** The abilities of spec 2 §6 grouped by area, as the role form shows them (every ability in exactly one area). */
import type { Ability } from '@shared/abilities';

export const ABILITY_AREAS: ReadonlyArray<{ key: string; abilities: readonly Ability[] }> = [
  { key: 'projects', abilities: ['view-projects', 'create-projects', 'update-projects', 'delete-projects'] },
  { key: 'models', abilities: ['list-project-models', 'create-project-models', 'update-project-models'] },
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
];
