/**
 * /user/profile (spec 2 §My account, §4, §5, §7, §8): tabs Details, Activity and Settings around one form; the
 * header's Save sends profile, notification settings and password change together (`POST /my-account`,
 * multipart with `_method=PATCH`), Cancel goes to /. 'Update successful' shows 3 s; server errors show under
 * their fields (the tab with the first one opens). A password change with logout-all ends the session here too.
 * The Change Password card's own button sends the same form once its three fields are filled (an empty one says so
 * under it); a changed password is confirmed as such.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { MyAccount, PasswordUpdateStatus } from '@shared/entities/my-account';
import { fieldSelection } from '@/declarations/field-selection';
import { SettingsPage } from '@/components/settings-form/SettingsPage';
import { useSettingsForm } from '@/components/settings-form/useSettingsForm';
import { session } from '@/providers/session';
import { AccountActivity } from './AccountActivity';
import { AccountDetails } from './AccountDetails';
import { AccountSettings } from './AccountSettings';
import {
  type AccountFormValues,
  accountPayload,
  MESSAGE_FIELDS,
  PASSWORD_FIELDS,
  placeErrors,
  accountValues,
  tabOfField,
} from './account-form';
import './my-account.css';

const TABS = ['details', 'activity', 'settings'] as const;
type Tab = (typeof TABS)[number];
/** What an empty field of the Change Password card says when its button is pressed. */
const PASSWORD_REQUIRED = {
  current_password: 'password.currentRequired',
  new_password: 'password.newRequired',
  new_password_confirmation: 'password.confirmationRequired',
} as const;
/**
 * Spec 2 §7's `excluded_fields[]=users.settings,users.abilities`: the page shows neither the user's abilities nor
 * anything named `settings` (no field of the account; its notification settings are `notification_settings`, which
 * the Settings tab shows), so only the abilities are left out.
 */
const EXCLUDED_FIELDS = fieldSelection<MyAccount>('users', ['abilities']);

interface SaveAnswer {
  data: MyAccount;
  meta_data: { password_update_status: PasswordUpdateStatus };
}

export default function MyAccountPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'details';

  const openTab = (next: string) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('tab', next);
    nextParams.delete('autodesk');
    setParams(nextParams, { replace: true });
  };

  const settings = useSettingsForm<MyAccount, AccountFormValues, SaveAnswer>({
    url: '/my-account',
    meta: { excluded_fields: EXCLUDED_FIELDS },
    values: accountValues,
    payload: accountPayload,
    messageFields: MESSAGE_FIELDS,
    placeErrors,
    onInvalid: (placed) => {
      if (placed.length && !placed.some((entry) => tabOfField(entry.name) === tab))
        openTab(tabOfField(placed[0].name));
    },
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

  const { form, submit } = settings;
  const changePassword = () => {
    const missing = PASSWORD_FIELDS.filter((field) => !form.getFieldValue(field));
    if (missing.length === 0) return submit.press();
    form.setFields(missing.map((name) => ({ name, errors: [t(PASSWORD_REQUIRED[name])] })));
  };

  return (
    <SettingsPage
      settings={settings}
      title={t('title')}
      ns="account"
      skeleton={{ avatar: true, paragraph: { rows: 6 } }}
      formProps={{ requiredMark: true }}
      onCancel={() => void navigate('/')}
    >
      {(account) => (
        <Tabs
          activeKey={tab}
          onChange={openTab}
          destroyOnHidden={false}
          items={[
            {
              key: 'details',
              label: t('tabs.details'),
              forceRender: true,
              children: <AccountDetails account={account} />,
            },
            { key: 'activity', label: t('tabs.activity'), children: <AccountActivity /> },
            {
              key: 'settings',
              label: t('tabs.settings'),
              forceRender: true,
              children: (
                <AccountSettings
                  account={account}
                  onAutodeskChange={() => void settings.query.refetch()}
                  onChangePassword={changePassword}
                  changingPassword={submit.submitting}
                />
              ),
            },
          ]}
        />
      )}
    </SettingsPage>
  );
}
