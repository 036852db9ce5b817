/** Users across companies for platform administrators (spec 2 Admin, §3, §6, §9): declared once, on the same
 * entity schema as the company's users (`shared/entities/users.ts`); the Admin toggle is only here. */
import UsergroupAddOutlined from '@ant-design/icons-svg/es/asn/UsergroupAddOutlined';
import { Glyph } from '@/ui/Glyph';
import { ADMIN_USER_ABILITIES } from '@shared/entities/user-values';
import type { AdminUser } from '@shared/entities/users';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';
import settings from './list-settings';
import {
  ACCOUNT_FIELDS,
  editEntries,
  timestampColumns,
  USER_DELETION,
  userIdentityColumns,
  VERIFIED_COLUMN,
} from '../security/security-declarations';

export type { AdminUser } from '@shared/entities/users';

const editPath = (user: Pick<AdminUser, 'id'>) => `/admin/users/edit/${user.id}`;

export default defineResource<AdminUser>({
  name: settings.name,
  ns: 'securityAdminUsers',
  screen: 'adminUsers',
  idParam: 'userId',
  routes: { list: settings.route, create: 'admin/users/create', edit: 'admin/users/edit/:userId' },
  guard: { admin: true },
  ...permissionsFrom(ADMIN_USER_ABILITIES),
  navigation: {
    labelKey: 'nav.adminUsers',
    icon: <Glyph icon={UsergroupAddOutlined} />,
    group: 'admin',
    order: 10,
  },
  list: {
    ...settings.list,
    loadingKey: 'loading',
    columns: [
      ...userIdentityColumns<AdminUser>(),
      {
        field: 'companies',
        titleKey: 'columns.companies',
        render: (user) => user.companies.map((company) => company.name).join(', ') || '—',
        hideBelow: 'lg',
      },
      { field: 'admin', titleKey: 'columns.admin', kind: 'boolean', hideBelow: 'md', width: 90 },
      ...timestampColumns<AdminUser>('lg', 'xl'),
      VERIFIED_COLUMN,
    ],
    ...editEntries<AdminUser>(editPath),
  },
  form: {
    schema: () => import('@shared/entities/users').then((entity) => entity.AdminUserInputSchema),
    fields: [
      ...ACCOUNT_FIELDS,
      { name: 'password', labelKey: 'fields.password', kind: 'password', only: 'create' },
      // Spec 2 §Admin: 'the Admin toggle appears only on admin user edit'.
      {
        name: 'admin',
        labelKey: 'fields.admin',
        kind: 'switch',
        only: 'edit',
        // The API answers the flag as 0 or 1 (spec 2 §3); the switch holds a boolean.
        fromRecord: (user) => user.admin === 1,
      },
    ],
  },
  // Delete removes the user from this company (the host's), so only its members can be removed.
  deletion: {
    ...USER_DELETION,
    disabledReason: (user) =>
      USER_DELETION.disabledReason?.(user) ??
      ((user as AdminUser).in_current_company ? undefined : 'notInThisCompany'),
  },
});
