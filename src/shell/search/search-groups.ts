/**
 * The twelve result groups of the global search (spec 1 §2.6, §6): the endpoint each searches, the permission
 * that shows it, the platform it belongs to, where 'View All' and a row lead, and which rows need an ability to
 * be opened.
 */
import type { PlatformKey } from '@shared/platforms';

/** A search result as the list endpoints answer it; groups read what their entity has. */
export interface SearchRecord {
  id?: number | string;
  name?: string;
  title?: string;
  description?: string | null;
  email?: string;
  status?: string;
  color?: string | null;
  preview_image?: string | null;
  preview_image_url?: string | null;
  profile_image?: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  [key: string]: unknown;
}

export const SEARCH_GROUP_KEYS = [
  'projects',
  'models',
  'libraries',
  'libraryItems',
  'materials',
  'materialCategories',
  'users',
  'roles',
  'groups',
  'labels',
  'downloads',
  'propertyMaps',
] as const;
export type SearchGroupKey = (typeof SEARCH_GROUP_KEYS)[number];

export interface RowTarget {
  to: string;
  state?: unknown;
}

export interface SearchGroup {
  key: SearchGroupKey;
  /** The list endpoint below /api/v2. */
  resource: string;
  /** Spec 1 §6: the list/view permission that shows the group. */
  ability: string;
  /** Only on this platform (the authoring-only groups). */
  platform?: PlatformKey;
  viewAll: string;
  /** Translation key of the 'View All' link ('viewAll', or 'viewUsers' for users). */
  viewAllLabel: 'viewAll' | 'viewUsers';
  rowTarget(record: SearchRecord): RowTarget;
  /** Rows navigate only with this ability (users, roles, groups, labels, property maps). */
  rowAbility?: string;
  /** The sort field for 'Modified' when it differs from updated_at (spec 1 §9: users sort by email_verified_at). */
  defaultSort?: string;
}

const id = (record: SearchRecord) => encodeURIComponent(String(record.id));

const group = (
  definition: Omit<SearchGroup, 'viewAllLabel'> & Partial<Pick<SearchGroup, 'viewAllLabel'>>,
): SearchGroup => ({
  viewAllLabel: 'viewAll',
  ...definition,
});

export const SEARCH_GROUPS: readonly SearchGroup[] = [
  group({
    key: 'projects',
    resource: 'projects',
    ability: 'view-projects',
    viewAll: '/projects',
    rowTarget: (record) => ({ to: `/projects/overview/${id(record)}` }),
  }),
  group({
    key: 'models',
    resource: 'projects/models',
    ability: 'list-project-models',
    platform: 'hatch',
    viewAll: '/processor',
    rowTarget: (record) => ({ to: `/projects/models/overview/${id(record)}` }),
  }),
  group({
    key: 'libraries',
    resource: 'libraries',
    ability: 'list-libraries',
    viewAll: '/libraries',
    rowTarget: (record) => ({ to: `/libraries/${id(record)}`, state: { name: record.name } }),
  }),
  group({
    key: 'libraryItems',
    resource: 'libraries/items',
    ability: 'list-library-items',
    viewAll: '/libraries',
    rowTarget: (record) => ({ to: `/libraries/items/overview/${id(record)}` }),
  }),
  group({
    key: 'materials',
    resource: 'materials',
    ability: 'list-materials',
    platform: 'hatch',
    viewAll: '/materials',
    rowTarget: (record) => ({ to: `/materials/overview/${encodeURIComponent(String(record.name ?? ''))}` }),
  }),
  group({
    key: 'materialCategories',
    resource: 'materials/categories',
    ability: 'list-material-categories',
    platform: 'hatch',
    viewAll: '/materials',
    rowTarget: (record) => ({ to: `/materials/categories/${id(record)}` }),
  }),
  group({
    key: 'users',
    resource: 'users',
    ability: 'view-system-users',
    viewAll: '/security/users',
    viewAllLabel: 'viewUsers',
    rowTarget: (record) => ({ to: `/security/users/edit/${id(record)}` }),
    rowAbility: 'update-users',
    defaultSort: 'email_verified_at',
  }),
  group({
    key: 'roles',
    resource: 'roles',
    ability: 'view-roles',
    viewAll: '/security/roles',
    rowTarget: (record) => ({ to: `/security/roles/edit/${id(record)}` }),
    rowAbility: 'update-roles',
  }),
  group({
    key: 'groups',
    resource: 'groups',
    ability: 'view-groups',
    viewAll: '/security/groups',
    rowTarget: (record) => ({ to: `/security/groups/edit/${id(record)}` }),
    rowAbility: 'update-groups',
  }),
  group({
    key: 'labels',
    resource: 'labels',
    ability: 'list-labels',
    viewAll: '/tools/labels',
    rowTarget: (record) => ({ to: `/tools/labels/edit/${id(record)}` }),
    rowAbility: 'update-labels',
  }),
  group({
    key: 'downloads',
    resource: 'downloads',
    ability: 'list-downloads',
    viewAll: '/tools/downloads',
    rowTarget: (record) => ({ to: `/tools/downloads/edit/${id(record)}` }),
  }),
  group({
    key: 'propertyMaps',
    resource: 'property-maps',
    ability: 'list-property-maps',
    platform: 'hatch',
    viewAll: '/tools/property-maps',
    rowTarget: (record) => ({ to: `/tools/property-maps/edit/${id(record)}` }),
    rowAbility: 'update-property-maps',
  }),
];

/** The groups this user may see on this platform (spec 1 §2.6: each only with its permission). */
export function visibleSearchGroups(can: (ability: string) => boolean, platform: PlatformKey): SearchGroup[] {
  return SEARCH_GROUPS.filter((item) => (!item.platform || item.platform === platform) && can(item.ability));
}

export const recordTitle = (record: SearchRecord): string =>
  String(record.name ?? record.title ?? (record.display_name as string | undefined) ?? `#${record.id ?? ''}`);

export const recordSubtitle = (record: SearchRecord): string | null =>
  (record.description || record.email || null) as string | null;

export const recordImage = (record: SearchRecord): string | null =>
  record.preview_image ?? record.preview_image_url ?? record.profile_image ?? null;
