/** Groups (spec 2 Security, §3, §6, §8, §9): declared once; the list, the forms, the routes, the menu entry and the
 * search group derive from it, the record type and the form's rules from `shared/entities/groups.ts`. */
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { Glyph } from '@/ui/Glyph';
import { GROUP_ABILITIES } from '@shared/entities/group-values';
import type { Group } from '@shared/entities/groups';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';
import { editEntries, securityScreens, timestampColumns } from '../security/security-declarations';
import settings from './list-settings';

export type { Group } from '@shared/entities/groups';

const editPath = (group: Pick<Group, 'id'>) => `/security/groups/edit/${group.id}`;

export default defineResource<Group>({
  ns: 'securityGroups',
  screen: 'groups',
  ...securityScreens(settings, 'groupId'),
  // The Groups screen asks view-groups; the list endpoint also serves the user form's group picker.
  ...permissionsFrom(GROUP_ABILITIES, { screen: GROUP_ABILITIES.show }),
  navigation: { labelKey: 'nav.groups', icon: <Glyph icon={TeamOutlined} />, group: 'security', order: 30 },
  search: {
    key: 'groups',
    order: 90,
    icon: <Glyph icon={TeamOutlined} />,
    rowAbility: GROUP_ABILITIES.update,
  },
  list: {
    ...settings.list,
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
      ...timestampColumns<Group>('md', 'lg'),
    ],
    ...editEntries<Group>(editPath),
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
