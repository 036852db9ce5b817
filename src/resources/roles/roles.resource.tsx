/** Roles (spec 2 Security, §3, §6, §8): declared once; the list, the forms, the routes, the menu entry and the
 * search group derive from it, the record type and the form's rules from `shared/entities/roles.ts`. */
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { Glyph } from '@/ui/Glyph';
import { lazy } from 'react';
import { ROLE_ABILITIES } from '@shared/entities/role-values';
import type { Role } from '@shared/entities/roles';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';
import { editEntries, securityScreens, timestampColumns } from '../security/security-declarations';
import settings from './list-settings';

export type { Role } from '@shared/entities/roles';

/** The form's own inputs load with the form, not with the registry. */
const inputs = () => import('./role-inputs');
const AbilitiesInput = lazy(() => inputs().then((module) => ({ default: module.AbilitiesInput })));
const NotificationSettingsInput = lazy(() =>
  inputs().then((module) => ({ default: module.NotificationSettingsInput })),
);

const editPath = (role: Pick<Role, 'id'>) => `/security/roles/edit/${role.id}`;

export default defineResource<Role>({
  ns: 'securityRoles',
  screen: 'roles',
  ...securityScreens(settings, 'roleId'),
  // The Roles screen asks view-roles; the list endpoint also serves the user and group forms' role pickers.
  ...permissionsFrom(ROLE_ABILITIES, { screen: ROLE_ABILITIES.show }),
  navigation: { labelKey: 'nav.roles', icon: <Glyph icon={AuditOutlined} />, group: 'security', order: 20 },
  search: {
    key: 'roles',
    order: 80,
    icon: <Glyph icon={SafetyCertificateOutlined} />,
    rowAbility: ROLE_ABILITIES.update,
  },
  list: {
    ...settings.list,
    loadingKey: 'loading',
    nameField: 'title',
    columns: [
      { field: 'title', titleKey: 'columns.title', sort: 'title' },
      { field: 'description', titleKey: 'columns.description', ellipsis: true, hideBelow: 'md' },
      { field: 'users_count', titleKey: 'columns.users', kind: 'count', hideBelow: 'sm' },
      ...timestampColumns<Role>('md', 'lg'),
    ],
    ...editEntries<Role>(editPath),
  },
  form: {
    schema: () => import('@shared/entities/roles').then((entity) => entity.RoleInputSchema),
    tabs: [
      { key: 'general', labelKey: 'tabs.general' },
      { key: 'abilities', labelKey: 'tabs.abilities' },
      { key: 'notifications', labelKey: 'tabs.notifications' },
    ],
    fields: [
      { name: 'title', labelKey: 'fields.title', kind: 'text', tab: 'general' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea', tab: 'general' },
      {
        name: 'abilities',
        labelKey: 'fields.abilities',
        kind: 'checkboxes',
        tab: 'abilities',
        initial: [],
        input: AbilitiesInput,
      },
      {
        name: 'notification_settings',
        labelKey: 'fields.notification_settings',
        kind: 'checkboxes',
        tab: 'notifications',
        input: NotificationSettingsInput,
      },
    ],
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'role_title' },
});
