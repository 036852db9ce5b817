/** Changelog items (spec 2 §Admin, §3, §4, §5, §9): the admin list with its detail dialog and Sync, and the form.
 * The server side is server/api/changelog-items.ts; the record type is shared/entities/changelog-items.ts. */
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SyncOutlined from '@ant-design/icons-svg/es/asn/SyncOutlined';
import { Glyph } from '@/ui/Glyph';
import type { BaseRecord } from '@refinedev/core';
import {
  CHANGELOG_ITEM_ABILITIES,
  CHANGELOG_TYPES,
  ENVIRONMENTS,
  environmentDate,
} from '@shared/entities/changelog-item-values';
import type { ChangelogItem } from '@shared/entities/changelog-items';
import { type ComponentType, lazy, Suspense } from 'react';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { type ActionDialogProps, defineResource } from '@/declarations/types';
import settings from './list-settings';
import { ChangelogEnvironments, ChangelogTypeBadge } from './changelog-cells';

const ADMIN = { admin: true } as const;

/** A dialog loaded when first opened, so the list every screen shares carries none of it. */
const lazyDialog = <TRecord extends BaseRecord>(
  load: () => Promise<{ default: ComponentType<ActionDialogProps<TRecord>> }>,
) => {
  const Loaded = lazy(load);
  return function LazyDialog(props: ActionDialogProps<TRecord>) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
};

const editPath = (item: Pick<ChangelogItem, 'id'>) => `/admin/changelog_items/edit/${item.id}`;

export default defineResource<ChangelogItem>({
  name: settings.name,
  ns: 'changelog',
  screen: 'changelog',
  idParam: 'id',
  routes: {
    list: settings.route,
    create: 'admin/changelog_items/create',
    edit: 'admin/changelog_items/edit/:id',
  },
  guard: ADMIN,
  ...permissionsFrom(CHANGELOG_ITEM_ABILITIES),
  navigation: { labelKey: 'nav.changelog', icon: <Glyph icon={ReadOutlined} />, group: 'admin', order: 50 },
  list: {
    ...settings.list,
    loadingKey: 'loading',
    nameField: 'description',
    columns: [
      {
        field: 'type',
        titleKey: 'columns.type',
        width: 110,
        sort: 'type',
        render: (item, { t }) => <ChangelogTypeBadge type={item.type} t={t} />,
      },
      { field: 'description', titleKey: 'columns.description', sort: 'description', ellipsis: true },
      {
        field: 'environments',
        titleKey: 'columns.environments',
        hideBelow: 'md',
        width: 250,
        render: (item, { t }) => <ChangelogEnvironments item={item} t={t} />,
      },
      {
        field: 'screenshot',
        titleKey: 'columns.screenshot',
        hideBelow: 'lg',
        // 'Schermafbeelding'.
        width: 160,
        render: (item, { t }) => t(item.screenshot ? 'yes' : 'no'),
      },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'sm' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'lg' },
    ],
    rowActions: [editRowAction(editPath)],
    headerActions: [
      {
        key: 'sync',
        labelKey: 'sync.button',
        icon: <Glyph icon={SyncOutlined} />,
        needs: 'edit',
        dialog: lazyDialog(() => import('./SyncDialog')),
      },
    ],
    rowLink: { dialog: lazyDialog<ChangelogItem>(() => import('./ChangelogDetailDialog')) },
  },
  form: {
    redirect: 'back',
    loadingKey: 'loadingExisting',
    fields: [
      {
        name: 'type',
        labelKey: 'fields.type',
        kind: 'select',
        required: true,
        options: CHANGELOG_TYPES.map((type) => ({ value: type, labelKey: `types.${type}` })),
      },
      {
        name: 'environments',
        labelKey: 'fields.environments',
        kind: 'checkboxes',
        required: true,
        options: ENVIRONMENTS.map((environment) => ({
          value: environment,
          labelKey: `environments.${environment}`,
        })),
        initial: ['development'],
        fromRecord: (record) => ENVIRONMENTS.filter((environment) => !!record[environmentDate(environment)]),
        // The API takes `environments[development]=1|0`.
        toPayload: (value) =>
          Object.fromEntries(
            ENVIRONMENTS.map((environment) => [
              environment,
              Array.isArray(value) && value.includes(environment) ? 1 : 0,
            ]),
          ),
      },
      {
        name: 'description',
        labelKey: 'fields.description',
        kind: 'textarea',
        required: true,
        maxLength: 5000,
      },
      {
        name: 'description_nl',
        labelKey: 'fields.descriptionNl',
        helpKey: 'fields.descriptionNlHelp',
        kind: 'textarea',
        maxLength: 5000,
      },
      {
        name: 'screenshot',
        labelKey: 'fields.screenshot',
        kind: 'image',
        image: 'screenshot',
        fromRecord: (record) => record.screenshot_url,
      },
    ],
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'changelog_item_name' },
});
