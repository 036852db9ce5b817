/**
 * The profile form's fields, payload and server errors (spec 2 §5, §7): what `POST /my-account` (`_method=PATCH`)
 * sends, and where each 422 message shows. Password errors: the first of current_password and of new_password
 * under their fields, the second new_password error (and any new_password_confirmation error) under the
 * confirmation.
 */
import {
  type MyAccount,
  type MyAccountInput,
  MyAccountInputSchema,
  type NotificationSetting,
  type PasswordChange,
} from '@shared/entities/my-account';
import {
  type SettingsField,
  settingsPayload,
  settingsValues,
  withSchemaRules,
} from '@/components/settings-form/SettingsFields';

/**
 * The form's values: the shared profile input's fields and password change (shared/entities/my-account.ts; the
 * picture is saved on its own), the notification settings as switches and the sign-out-everywhere switch.
 */
export type AccountFormValues = Partial<Omit<MyAccountInput, 'profile_image' | 'profile_image_upload_id'>> &
  Partial<PasswordChange> & {
    /** `{typeId: {email, browser}}` */
    notification_settings?: Record<string, { email?: boolean; browser?: boolean }>;
    logout_all_devices?: boolean;
  };

export const PASSWORD_FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

/** The Details tab's fields; lengths and the required ones ('{{field}} is required') from the input schema. */
export const ACCOUNT_DETAILS: readonly SettingsField<MyAccount>[] = withSchemaRules(MyAccountInputSchema, [
  { name: 'name', labelKey: 'fields.name', autoComplete: 'name' },
  { name: 'username', labelKey: 'fields.username', autoComplete: 'username' },
  { name: 'email', labelKey: 'fields.email', kind: 'email', autoComplete: 'email' },
  { name: 'phone_number', labelKey: 'fields.phone', kind: 'tel', autoComplete: 'tel' },
  { name: 'function', labelKey: 'fields.function' },
]);

const password = (
  name: string,
  key: string,
  autoComplete: 'current-password' | 'new-password',
): SettingsField => ({
  name,
  labelKey: `password.${key}`,
  kind: 'password',
  autoComplete,
});
/** The Change Password card's fields, sent together (accountPayload) only when a password is typed. */
export const PASSWORD_CARD: readonly SettingsField[] = [
  password('current_password', 'current', 'current-password'),
  { ...password('new_password', 'new', 'new-password'), hintKey: 'password.hint' },
  password('new_password_confirmation', 'confirmation', 'new-password'),
  { name: 'logout_all_devices', labelKey: 'password.logoutAll', kind: 'checkbox' },
];

/** The form's values of the notification settings: `{typeId: {email, browser}}` as switches. */
const notificationValues = (settings: NotificationSetting[] = []) =>
  Object.fromEntries(
    settings.map((setting) => [
      String(setting.notification_type_id),
      { email: setting.email === 1, browser: setting.browser === 1 },
    ]),
  );

/** The form's values for the account. */
export const accountValues = (account: MyAccount): AccountFormValues => ({
  ...settingsValues(ACCOUNT_DETAILS, account),
  notification_settings: notificationValues(account.notification_settings),
});

export function accountPayload(values: AccountFormValues): Record<string, unknown> {
  const changesPassword = PASSWORD_FIELDS.some((field) => !!values[field]);
  const settings = Object.entries(values.notification_settings ?? {}).map(([typeId, setting]) => [
    typeId,
    { notification_type_id: typeId, email: setting.email ? 1 : 0, browser: setting.browser ? 1 : 0 },
  ]);
  return {
    ...settingsPayload(ACCOUNT_DETAILS, values),
    ...(settings.length ? { notification_settings: Object.fromEntries(settings) } : {}),
    ...(changesPassword && Object.fromEntries(PASSWORD_FIELDS.map((field) => [field, values[field] ?? '']))),
    ...(changesPassword && { logout_all_devices: values.logout_all_devices ? 1 : 0 }),
  };
}

export type AccountField = keyof AccountFormValues;

/** The fields a server message can be shown under. */
export const MESSAGE_FIELDS: AccountField[] = [
  ...ACCOUNT_DETAILS.map((field) => field.name as AccountField),
  ...PASSWORD_FIELDS,
];

/** antd's `setFields` entries for a 422's `errors` (messages of other fields are left out). */
export function placeErrors(
  errors: Record<string, string[] | string>,
): Array<{ name: AccountField; errors: string[] }> {
  const placed = new Map<AccountField, string[]>();
  const add = (field: string, message: string | undefined) => {
    const known = MESSAGE_FIELDS.find((name) => name === field);
    if (message && known) placed.set(known, [...(placed.get(known) ?? []), message]);
  };
  for (const [field, value] of Object.entries(errors)) {
    const messages = Array.isArray(value) ? value : [value];
    add(field.split('.')[0], messages[0]);
    if (field === 'new_password') add('new_password_confirmation', messages[1]);
  }
  return [...placed].map(([name, messages]) => ({ name, errors: messages }));
}

/** The tab holding a field, so a save that fails there shows it. */
export const tabOfField = (field: string): 'details' | 'settings' =>
  (PASSWORD_FIELDS as readonly string[]).includes(field) || field.startsWith('notification_settings')
    ? 'settings'
    : 'details';
