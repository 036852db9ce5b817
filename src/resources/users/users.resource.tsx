/** Users (spec 2 Security, §3, §4, §5, §6, §8, §9): declared once; the list with Invite User, the forms with the
 * licence toggles, the routes, the menu entry and the search group derive from it, the record type and the form's
 * rules from `shared/entities/users.ts`. */
import { EditOutlined, UserOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import type { User } from '@shared/entities/users';
import { sessionUser } from '@/providers/session';
import { type ActionDialogProps, defineResource } from '../types';
import { UserNameCell } from './UserNameCell';

export type { User } from '@shared/entities/users';

const editPath = (user: Pick<User, 'id'>) => `/security/users/edit/${user.id}`;

/** The licence toggles load with the form, not with the registry. */
const parts = () => import('./user-parts');
const LicencesInput = lazy(() => parts().then((module) => ({ default: module.LicencesInput })));

/** The invite dialog loads when it is first opened, not with the registry. */
const LazyInviteUserDialog = lazy(() => parts().then((module) => ({ default: module.InviteUserDialog })));
function InviteUserDialog(props: ActionDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyInviteUserDialog {...props} />
    </Suspense>
  );
}

export default defineResource<User>({
  name: 'users',
  ns: 'securityUsers',
  screen: 'users',
  idParam: 'userId',
  routes: { list: 'security/users', create: 'security/users/create', edit: 'security/users/edit/:userId' },
  guard: { ability: 'view-system-users|view-roles|view-groups' },
  permission: { ability: 'view-system-users' },
  actions: {
    create: { ability: 'create-users' },
    edit: { ability: 'update-users' },
    delete: { ability: 'delete-users' },
  },
  navigation: { labelKey: 'nav.users', icon: <UserOutlined aria-hidden />, group: 'security', order: 10 },
  search: {
    key: 'users',
    order: 70,
    icon: <UserOutlined />,
    viewAllLabel: 'viewUsers',
    rowAbility: 'update-users',
    defaultSort: 'email_verified_at',
  },
  list: {
    sortKey: 'security_users',
    defaultSort: 'email_verified_at',
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
      { field: 'role', titleKey: 'columns.role', render: (user) => user.role?.title ?? '—', hideBelow: 'lg' },
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
    headerActions: [
      {
        key: 'invite',
        labelKey: 'actions.invite',
        needs: 'create',
        dialog: InviteUserDialog,
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
    schema: () => import('@shared/entities/users').then((entity) => entity.UserInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'username', labelKey: 'fields.username', kind: 'text' },
      { name: 'email', labelKey: 'fields.email', kind: 'email' },
      { name: 'phone_number', labelKey: 'fields.phone_number', kind: 'tel' },
      { name: 'function', labelKey: 'fields.function', kind: 'text' },
      {
        name: 'role_id',
        labelKey: 'fields.role',
        kind: 'reference',
        reference: { resource: 'roles', labelField: 'title' },
        fromRecord: (user) => (user as User).role,
      },
      {
        name: 'groups',
        labelKey: 'fields.groups',
        kind: 'reference',
        reference: { resource: 'groups', labelField: 'name', multiple: true },
      },
      {
        name: 'licenses',
        labelKey: 'fields.licenses',
        kind: 'checkboxes',
        initial: [],
        input: LicencesInput,
      },
    ],
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'user_name',
    disabledReason: (user) => (user.id === sessionUser()?.id ? 'cannotRemoveYourself' : undefined),
  },
});
