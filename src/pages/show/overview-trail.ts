/**
 * The declared steps of an overview's breadcrumbs (`OverviewPageDeclaration.trail`): the record's parent of its own
 * kind, read for its name, or the record itself before a second screen of it; each linked to its overview.
 */
import { type BaseRecord, type HttpError, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { recordPath } from '@/declarations/derive';
import type { OverviewCrumb, OverviewTrailDeclaration, ResourceDeclaration } from '@/declarations/types';

/** The steps `trail` declares for a record of `resource` (none without it); called before the record has loaded too. */
export function useDeclaredTrail(
  trail: OverviewTrailDeclaration | undefined,
  resource: ResourceDeclaration,
  record: BaseRecord | undefined,
): OverviewCrumb[] {
  const { t } = useTranslation('lists');
  const parentField = trail?.parent?.field;
  const parentId = parentField ? (record?.[parentField] as string | number | null | undefined) : undefined;
  const hasParent = parentId !== undefined && parentId !== null;
  const parent = useOne<BaseRecord, HttpError>({
    resource: resource.name,
    id: parentId ?? '',
    queryOptions: { enabled: hasParent },
    liveMode: 'off',
  }).result;
  const overviewOf = (shown: BaseRecord) => recordPath(resource.routes.show ?? '', resource, shown);
  const nameOf = (shown: BaseRecord) => String(shown[resource.list?.nameField ?? 'name'] ?? '');
  const steps: OverviewCrumb[] = [];
  if (hasParent) {
    steps.push({
      name: parent ? nameOf(parent) : t('loading'),
      to: overviewOf({ [resource.idField ?? 'id']: parentId }),
    });
  }
  if (trail?.record && record) steps.push({ name: nameOf(record), to: overviewOf(record) });
  return steps;
}
