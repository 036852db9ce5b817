/** Users across companies for platform administrators (spec 2 Admin, §3, §6, §9): declared once, on the same
 * entity schema as the company's users (`shared/entities/users.ts`); the Admin toggle is only here. */
import { EditOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import type { AdminUser } from '@shared/entities/users';
import { sessionUser } from '@/providers/session';
import { defineResource } from '../types';
import { UserNameCell } from '../users/UserNameCell';

export type { AdminUser } from '@shared/entities/users';

const editPath = (user: Pick<AdminUser, 'id'>) => `/admin/users/edit/${user.id}`;

export default defineResource<AdminUser>({
  name: 'admin/users',
  ns: 'securityAdminUsers',
  screen: 'adminUsers',
  idParam: 'userId',
  routes: { list: 'admin/users', create: 'admin/users/create', edit: 'admin/users/edit/:userId' },
  guard: { admin: true },
  permission: { admin: true },
  navigation: {
    labelKey: 'nav.adminUsers',
    icon: <UsergroupAddOutlined aria-hidden />,
    group: 'admin',
    order: 10,
  },
  list: {
    sortKey: 'admin_users',
    defaultSort: '-created_at',
    pageSize: 5,
    loadingKey: 'loading',
    columns: [
      {
        field: 'name',
        titleKey: 'columns.name',
        sort: 'name',
        render: (user) => <UserNameCell user={user} />,
      },
      { field: 'username', titleKey: 'columns.username', sort: 'username', hideBelow: 'md' },
      { field: 'email', titleKey: 'columns.email', sort: 'email', hideBelow: 'sm', ellipsis: true },
      {
        field: 'companies',
        titleKey: 'columns.companies',
        render: (user) => user.companies.map((company) => company.name).join(', ') || '—',
        hideBelow: 'lg',
      },
      { field: 'admin', titleKey: 'columns.admin', kind: 'boolean', hideBelow: 'md', width: 90 },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'lg' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'xl' },
      {
        field: 'email_verified_at',
        titleKey: 'columns.verified',
        kind: 'verified',
        sort: 'email_verified_at',
        width: 110,
      },
    ],
    rowActions: [
      {
        key: 'edit',
        labelKey: 'actions.edit',
        icon: <EditOutlined aria-hidden />,
        needs: 'edit',
        to: editPath,
      },
    ],
    rowLink: { to: editPath, needs: 'edit' },
  },
  form: {
    schema: () => import('@shared/entities/users').then((entity) => entity.AdminUserInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'username', labelKey: 'fields.username', kind: 'text' },
      { name: 'email', labelKey: 'fields.email', kind: 'email' },
      { name: 'phone_number', labelKey: 'fields.phone_number', kind: 'tel' },
      { name: 'function', labelKey: 'fields.function', kind: 'text' },
      { name: 'password', labelKey: 'fields.password', kind: 'password', only: 'create' },
      { name: 'admin', labelKey: 'fields.admin', kind: 'switch', initial: false },
    ],
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'user_name',
    disabledReason: (user) => (user.id === sessionUser()?.id ? 'cannotRemoveYourself' : undefined),
  },
});
