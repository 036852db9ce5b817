/**
 * The result groups of the global search (spec 1 §2.6, §6): the endpoint each searches, the permission that
 * shows it, the platform it belongs to, where 'View All' and a row lead, and which rows need an ability to be
 * opened. Derived from the declarations' `search`, in their `order`.
 */
import type { RequiredAbilities } from '@shared/abilities';
import type { PlatformKey } from '@shared/platforms';
import { recordPath } from '@/declarations/derive';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';
import type { SearchGroup, SearchRecord } from './search-group';
/**
 * A declaration's search group: what it leaves out comes from the declaration (the list ability, the list route,
 * a row opening the overview or else the edit screen, the navigation icon).
 */
export function declaredSearchGroup(resource: ResourceDeclaration): SearchGroup {
  const search = resource.search!;
  const rowRoute = resource.routes.show ?? resource.routes.edit;
  const ability = search.ability ?? resource.permission?.ability;
  if (!ability) throw new Error(`The search group of ${resource.name} needs an ability.`);
  return {
    key: search.key,
    order: search.order,
    icon: search.icon ?? resource.navigation?.icon,
    resource: resource.name,
    ability,
    platform: search.platform,
    viewAll: search.viewAll ?? `/${resource.routes.list ?? ''}`,
    viewAllLabel: search.viewAllLabel ?? 'viewAll',
    rowTarget: (record) =>
      search.rowTarget?.(record) ?? { to: rowRoute ? recordPath(rowRoute, resource, record) : '/' },
    rowAbility: search.rowAbility,
    defaultSort: search.defaultSort,
  };
}

/** The groups of the declared resources, by order. */
export function buildSearchGroups(resources: readonly ResourceDeclaration[]): SearchGroup[] {
  return resources
    .filter((resource) => resource.search)
    .map(declaredSearchGroup)
    .sort((a, b) => a.order - b.order);
}

export const SEARCH_GROUPS: readonly SearchGroup[] = buildSearchGroups(RESOURCES);

/** The groups this user may see on this platform (spec 1 §2.6: each only with its permission). */
export function visibleSearchGroups(
  can: (ability: RequiredAbilities) => boolean,
  platform: PlatformKey,
): SearchGroup[] {
  return SEARCH_GROUPS.filter((item) => (!item.platform || item.platform === platform) && can(item.ability));
}

export const recordTitle = (record: SearchRecord): string =>
  String(record.name ?? record.title ?? (record.display_name as string | undefined) ?? `#${record.id ?? ''}`);

export const recordSubtitle = (record: SearchRecord): string | null =>
  (record.description || record.email || null) as string | null;

export const recordImage = (record: SearchRecord): string | null =>
  record.cover_image ??
  record.cover_image_url ??
  record.preview_image ??
  record.preview_image_url ??
  record.profile_image ??
  null;
