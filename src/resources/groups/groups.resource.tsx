/** Groups (spec 2 Security, §3, §6, §8, §9): declared once; the list, the forms, the routes, the menu entry and the
 * search group derive from it, the record type and the form's rules from `shared/entities/groups.ts`. */
import { EditOutlined, TeamOutlined } from '@ant-design/icons';
import type { Group } from '@shared/entities/groups';
import { defineResource } from '../types';

export type { Group } from '@shared/entities/groups';

const editPath = (group: Pick<Group, 'id'>) => `/security/groups/edit/${group.id}`;

export default defineResource<Group>({
  name: 'groups',
  ns: 'securityGroups',
  screen: 'groups',
  idParam: 'groupId',
  routes: {
    list: 'security/groups',
    create: 'security/groups/create',
    edit: 'security/groups/edit/:groupId',
  },
  guard: { ability: 'view-system-users|view-roles|view-groups' },
  permission: { ability: 'view-groups' },
  actions: {
    create: { ability: 'create-groups' },
    edit: { ability: 'update-groups' },
    delete: { ability: 'delete-groups' },
  },
  navigation: { labelKey: 'nav.groups', icon: <TeamOutlined aria-hidden />, group: 'security', order: 30 },
  search: { key: 'groups', order: 90, icon: <TeamOutlined />, rowAbility: 'update-groups' },
  list: {
    sortKey: 'security_groups',
    defaultSort: '-created_at',
    pageSize: 5,
    loadingKey: 'loading',
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'description', titleKey: 'columns.description', ellipsis: true, hideBelow: 'lg' },
      {
        field: 'role',
        titleKey: 'columns.role',
        render: (group) => group.role?.title ?? '—',
        hideBelow: 'sm',
      },
      { field: 'users', titleKey: 'columns.users', kind: 'avatars', hideBelow: 'md' },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'md' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'lg' },
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
    schema: () => import('@shared/entities/groups').then((entity) => entity.GroupInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      {
        name: 'role_id',
        labelKey: 'fields.role',
        kind: 'reference',
        reference: { resource: 'roles', labelField: 'title' },
        fromRecord: (group) => (group as Group).role,
      },
      {
        name: 'users',
        labelKey: 'fields.users',
        kind: 'reference',
        reference: { resource: 'users', labelField: 'name', multiple: true },
      },
    ],
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'group_name' },
});
