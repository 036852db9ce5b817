/**
 * /user/profile (spec 2 §My account, §4, §5, §7, §8): tabs Details, Activity and Settings around one form; the
 * header's Save sends profile, notification settings and password change together (`POST /my-account`,
 * multipart with `_method=PATCH`), Cancel goes to /. 'Update successful' shows 3 s; server errors show under
 * their fields (the tab with the first one opens). A password change with logout-all ends the session here too.
 * The Change Password card's own button sends the same form once its three fields are filled (an empty one says so
 * under it); a changed password is confirmed as such.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MyAccount, PasswordUpdateStatus } from '@shared/entities/my-account';
import { fieldSelection } from '@/declarations/field-selection';
import type { SettingsTab } from '@/components/settings-form/settings-tabs';
import { SettingsPage } from '@/components/settings-form/SettingsPage';
import { useSettingsForm } from '@/components/settings-form/useSettingsForm';
import { session } from '@/providers/session';
import { AccountActivity } from './AccountActivity';
import { AccountDetails } from './AccountDetails';
import { AccountSettings } from './AccountSettings';
import {
  ACCOUNT_DETAILS,
  type AccountFormValues,
  NOTIFICATION_SETTINGS,
  PASSWORD_CARD,
  PASSWORD_FIELDS,
} from './account-form';
import './my-account.css';

/**
 * Spec 2 §7's `excluded_fields[]=users.settings,users.abilities`: the page shows neither the user's abilities nor
 * anything named `settings` (no field of the account; its notification settings are `notification_settings`, which
 * the Settings tab shows), so only the abilities are left out.
 */
const EXCLUDED_FIELDS = fieldSelection<MyAccount>('users', ['abilities']);

const TABS: SettingsTab<MyAccount, AccountFormValues>[] = [
  {
    key: 'details',
    labelKey: 'tabs.details',
    fields: ACCOUNT_DETAILS,
    render: (account) => <AccountDetails account={account} />,
  },
  { key: 'activity', labelKey: 'tabs.activity', render: () => <AccountActivity /> },
  {
    key: 'settings',
    labelKey: 'tabs.settings',
    fields: [NOTIFICATION_SETTINGS, ...PASSWORD_CARD],
    render: (account, context) => <AccountSettings account={account} context={context} />,
  },
];

interface SaveAnswer {
  data: MyAccount;
  meta_data: { password_update_status: PasswordUpdateStatus };
}

export default function MyAccountPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const settings = useSettingsForm<MyAccount, AccountFormValues, SaveAnswer>({
    url: '/my-account',
    meta: { excluded_fields: EXCLUDED_FIELDS },
    tabs: TABS,
    afterSave: async ({ data, meta_data: meta }, saved) => {
      if (meta.password_update_status === 'success_and_logged_out_all_devices') {
        session.signOut('logout');
        await navigate('/login', { replace: true });
        return null;
      }
      const auth = session.getState().auth;
      if (auth) {
        session.signIn(
          { ...auth, user: { ...auth.user, name: data.name, profile_image: data.profile_image } },
          session.getState().remembered,
        );
      }
      saved.resetFields([...PASSWORD_FIELDS, 'logout_all_devices']);
      return meta.password_update_status === 'success' ? 'password.changed' : 'updateSuccessful';
    },
  });

  return (
    <SettingsPage
      settings={settings}
      title={t('title')}
      ns="account"
      skeleton={{ avatar: true, paragraph: { rows: 6 } }}
      formProps={{ requiredMark: true }}
      onCancel={() => void navigate('/')}
    />
  );
}
