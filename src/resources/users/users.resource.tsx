/** Users (spec 2 Security, §3, §4, §5, §6, §8, §9): declared once; the list with Invite User, the forms (the edit
 * form with the licence toggles), the routes, the menu entry and the search group derive from it, the record type and the form's
 * rules from `shared/entities/users.ts`. */
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Glyph } from '@/ui/Glyph';
import { lazy } from 'react';
import { USER_ABILITIES, USER_IMPORT } from '@shared/entities/user-values';
import type { User } from '@shared/entities/users';
import { permissionsFrom } from '@/declarations/permissions-from';
import { formDialog } from '@/components/form-dialog';
import { defineResource } from '@/declarations/types';
import {
  ACCOUNT_FIELDS,
  editEntries,
  securityScreens,
  timestampColumns,
  USER_DELETION,
  userIdentityColumns,
  VERIFIED_COLUMN,
} from '../security/security-declarations';
import settings from './list-settings';

export type { User } from '@shared/entities/users';

const editPath = (user: Pick<User, 'id'>) => `/security/users/edit/${user.id}`;

/** The licence toggles load with the form, not with the registry. */
const LicencesInput = lazy(() =>
  import('./user-parts').then((module) => ({ default: module.LicencesInput })),
);

/**
 * Invite User (spec 2 §2 Security, §4, §5, §8): 'Username or Email*' and the role picker 'Roles*' (the roles of
 * `GET /roles` by title), Send and Cancel; 'A user role is required' for any role error; on success the list shows
 * 'User invite successful'. Before sending it says that the invited person has no platform access until given a
 * licence on their user page (issue 31: licences are given only there, spec 2 §6).
 */
const InviteUserDialog = formDialog({
  ns: 'securityUsers',
  titleKey: 'invite.title',
  fields: [
    { name: 'email', labelKey: 'invite.email', kind: 'email' },
    {
      name: 'role_id',
      labelKey: 'invite.role',
      kind: 'reference',
      reference: { resource: 'roles', labelField: 'title' },
      placeholderKey: 'invite.rolePlaceholder',
      requiredKey: 'invite.roleRequired',
    },
  ],
  noteKey: 'invite.licenceNote',
  path: '/users/invite',
  submitKey: 'invite.send',
  cancelKey: 'invite.cancel',
  successKey: 'invite.success',
  failedKey: 'invite.failed',
});

export default defineResource<User>({
  ns: 'securityUsers',
  screen: 'users',
  ...securityScreens(settings, 'userId'),
  // The screen asks view-system-users, as the users' list route does; one user is also read to edit them.
  ...permissionsFrom(USER_ABILITIES, { screen: 'view-system-users' }),
  navigation: { labelKey: 'nav.users', icon: <Glyph icon={UserOutlined} />, group: 'security', order: 10 },
  search: {
    key: 'users',
    order: 70,
    icon: <Glyph icon={UserOutlined} />,
    viewAllLabel: 'viewUsers',
    rowAbility: USER_ABILITIES.update,
    defaultSort: 'email_verified_at',
  },
  list: {
    ...settings.list,
    import: USER_IMPORT,
    bulk: { field: 'users', actions: [], edit: ['role_id'] },
    loadingKey: 'loading',
    columns: [
      ...userIdentityColumns<User>(),
      { field: 'role', titleKey: 'columns.role', render: (user) => user.role?.title ?? '—', hideBelow: 'lg' },
      ...timestampColumns<User>('lg', 'xl'),
      VERIFIED_COLUMN,
    ],
    headerActions: [
      {
        key: 'invite',
        labelKey: 'actions.invite',
        needs: 'create',
        dialog: InviteUserDialog,
      },
    ],
    ...editEntries<User>(editPath),
  },
  form: {
    schema: () => import('@shared/entities/users').then((entity) => entity.UserInputSchema),
    fields: [
      ...ACCOUNT_FIELDS,
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
        input: LicencesInput,
        // Spec 2 §2: 'user edit with role picker and licence toggles (these appear only here)'.
        only: 'edit',
      },
    ],
  },
  deletion: USER_DELETION,
});
