/**
 * What the security declarations (users, roles, groups, and the platform's admin users) share: the /security
 * routes with their guard and abilities, the edit entry and row click, the created/modified columns, and the
 * user lists' columns, account fields (with the profile image) and removal.
 */
import type { BaseRecord } from '@refinedev/core';
import { lazy } from 'react';
import { anyOf } from '@shared/abilities';
import { currentImage, imageUploadPayload } from '@/components/upload/current-image';
import { sessionUser } from '@/providers/session';
import type {
  ColumnDeclaration,
  DeletionDeclaration,
  FieldDeclaration,
  ListDeclaration,
  ListSettings,
  ResourceDeclaration,
} from '@/declarations/types';
import { editRowAction } from '@/declarations/edit-row-action';
import { UserNameCell } from './UserNameCell';

type Breakpoint = NonNullable<ColumnDeclaration['hideBelow']>;

/**
 * The collection and `/security/{entity}` with create and edit (from the list's settings), the guard every security
 * screen shares (any one of the three list abilities opens the area); the entity's abilities come from its shared
 * module (`permissionsFrom(USER_ABILITIES, …)` in each declaration).
 */
export function securityScreens(
  settings: ListSettings & { name: 'users' | 'roles' | 'groups' },
  idParam: string,
) {
  const entity = settings.name;
  return {
    name: entity,
    idParam,
    routes: {
      list: settings.route,
      create: `${settings.route}/create`,
      edit: `${settings.route}/edit/:${idParam}`,
    },
    guard: { ability: anyOf('view-system-users', 'view-roles', 'view-groups') },
  } satisfies Partial<ResourceDeclaration>;
}

/** The row menu's Edit entry and the row click, both to the edit page and only with the edit ability. */
export function editEntries<TRecord extends BaseRecord>(
  editPath: (record: TRecord) => string,
): Pick<ListDeclaration<TRecord>, 'rowActions' | 'rowLink'> {
  return {
    rowActions: [editRowAction(editPath)],
    rowLink: { to: editPath, needs: 'edit' },
  };
}

/** Created and Modified, sortable, hidden below the given widths. */
export const timestampColumns = <TRecord extends BaseRecord>(
  created: Breakpoint,
  updated: Breakpoint,
): ColumnDeclaration<TRecord>[] => [
  { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: created },
  { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: updated },
];

type ListedUser = BaseRecord & {
  name: string;
  profile_image: string | null;
  email_verified_at: string | null;
};

/** Name (with the profile image), Username and Email of a user list. */
export const userIdentityColumns = <TRecord extends ListedUser>(): ColumnDeclaration<TRecord>[] => [
  { field: 'name', titleKey: 'columns.name', sort: 'name', render: (user) => <UserNameCell user={user} /> },
  // 'Gebruikersnaam' and its sort arrows.
  // A long username or email is cut with an ellipsis (the whole text as its title), never broken inside a word.
  {
    field: 'username',
    titleKey: 'columns.username',
    sort: 'username',
    hideBelow: 'md',
    width: 170,
    ellipsis: true,
  },
  { field: 'email', titleKey: 'columns.email', sort: 'email', hideBelow: 'sm', ellipsis: true },
];

/** Verified: an envelope while the address is unverified, a check once it is. */
export const VERIFIED_COLUMN: ColumnDeclaration = {
  field: 'email_verified_at',
  titleKey: 'columns.verified',
  kind: 'verified',
  sort: 'email_verified_at',
  // 'Geverifieerd' and its sort arrows.
  width: 140,
};

/** The image input loads with the form, not with the registry. */
const ImageUploadInput = lazy(() => import('@/components/upload/ImageUploadInput'));

/**
 * The profile image (spec 2 §5: JPEG, PNG or BMP; 'max 3 MB' is its help text): the resumable upload of the kind
 * `image`, as the preview images of materials and categories take it. The field holds the record's picture (sent
 * not at all unless replaced or removed: null) or the new upload's id; My account uses it too.
 */
export const PROFILE_IMAGE_FIELD: FieldDeclaration = {
  name: 'profile_image_upload_id',
  labelKey: 'fields.profile_image',
  kind: 'file',
  upload: 'image',
  input: ImageUploadInput,
  helpKey: 'fields.profile_image_help',
  fromRecord: (record) => currentImage((record as { profile_image?: string | null }).profile_image),
  toPayload: imageUploadPayload,
};

/**
 * Name, Username and Email (email type) required, Phone Number (tel) and Function optional, and the profile image
 * (spec 2 §5).
 */
export const ACCOUNT_FIELDS: FieldDeclaration[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text' },
  { name: 'username', labelKey: 'fields.username', kind: 'text' },
  { name: 'email', labelKey: 'fields.email', kind: 'email' },
  { name: 'phone_number', labelKey: 'fields.phone_number', kind: 'tel' },
  { name: 'function', labelKey: 'fields.function', kind: 'text' },
  PROFILE_IMAGE_FIELD,
];

/** Removing a user answers `{user_name, status}`; nobody removes themselves. */
export const USER_DELETION: DeletionDeclaration = {
  confirmKey: 'deleteConfirm',
  answerNameKey: 'user_name',
  disabledReason: (user) => (user.id === sessionUser()?.id ? 'cannotRemoveYourself' : undefined),
};
