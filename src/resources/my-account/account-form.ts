/**
 * The profile form's fields (spec 2 §5, §7): what `POST /my-account` (`_method=PATCH`) sends, and where each 422
 * message shows. Password errors: the first of current_password and of new_password under their fields, the second
 * new_password error (and any new_password_confirmation error) under the confirmation.
 */
import {
  type MyAccount,
  type MyAccountInput,
  MyAccountInputSchema,
  type PasswordChange,
} from '@shared/entities/my-account';
import { type SettingsField, withSchemaRules } from '@/components/settings-form/SettingsFields';

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

/** Whether the form's values change the password: its fields are sent only then. */
const changesPassword = (values: object) => PASSWORD_FIELDS.some((field) => !!Reflect.get(values, field));
const password = (
  name: string,
  key: string,
  autoComplete: 'current-password' | 'new-password',
): SettingsField<MyAccount> => ({
  name,
  labelKey: `password.${key}`,
  kind: 'password',
  autoComplete,
  send: (value, values) => (changesPassword(values) ? (value ?? '') : undefined),
});
/** The Change Password card's fields, sent together only when a password is typed. */
export const PASSWORD_CARD: readonly SettingsField<MyAccount>[] = [
  password('current_password', 'current', 'current-password'),
  {
    ...password('new_password', 'new', 'new-password'),
    hintKey: 'password.hint',
    moreMessagesUnder: 'new_password_confirmation',
  },
  password('new_password_confirmation', 'confirmation', 'new-password'),
  {
    name: 'logout_all_devices',
    labelKey: 'password.logoutAll',
    kind: 'checkbox',
    send: (on, values) => (changesPassword(values) ? (on ? 1 : 0) : undefined),
  },
];

type Switches = NonNullable<AccountFormValues['notification_settings']>;
/** The notification settings: `{typeId: {email, browser}}` as switches (the Settings tab's own), sent as 1/0. */
export const NOTIFICATION_SETTINGS: SettingsField<MyAccount> = {
  name: 'notification_settings',
  kind: 'value',
  read: (account) =>
    Object.fromEntries(
      (account.notification_settings ?? []).map((setting) => [
        String(setting.notification_type_id),
        { email: setting.email === 1, browser: setting.browser === 1 },
      ]),
    ),
  send: (switches) => {
    const settings = Object.entries((switches ?? {}) as Switches).map(([typeId, setting]) => [
      typeId,
      { notification_type_id: typeId, email: setting.email ? 1 : 0, browser: setting.browser ? 1 : 0 },
    ]);
    return settings.length ? Object.fromEntries(settings) : undefined;
  },
};
