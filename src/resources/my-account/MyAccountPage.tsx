/**
 * /user/profile (spec 2 §My account, §4, §5, §7, §8): tabs Details, Activity and Settings around one form; the
 * header's Save sends profile, notification settings and password change together (`POST /my-account`,
 * multipart with `_method=PATCH`), Cancel goes to /. 'Update successful' shows 3 s; server errors show under
 * their fields (the tab with the first one opens). A password change with logout-all ends the session here too.
 * The Change Password card's own button sends the same form once its three fields are filled (an empty one says so
 * under it); a changed password is confirmed as such.
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { MyAccount, PasswordUpdateStatus } from '@shared/entities/my-account';
import { LoadFailure } from '@/components/LoadFailure';
import { fieldSelection } from '@/declarations/field-selection';
import { PageHeader } from '@/components/PageHeader';
import type { ApiHttpError } from '@/providers/data-provider';
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
  settingsValues,
  tabOfField,
} from './account-form';
import '@/components/page.css';
import './my-account.css';
import { useSafeSubmit } from '@/components/useSafeSubmit';

const TABS = ['details', 'activity', 'settings'] as const;
type Tab = (typeof TABS)[number];
export const SUCCESS_MS = 3000;
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
  const [form] = Form.useForm<AccountFormValues>();
  const [saved, setSaved] = useState<'profile' | 'password' | null>(null);
  const { query, result } = useCustom<{ data: MyAccount }>({
    url: '/my-account',
    method: 'get',
    meta: { excluded_fields: EXCLUDED_FIELDS },
    queryOptions: { refetchOnWindowFocus: false },
  });
  const account = result?.data?.data;
  const { mutateAsync: patchAccount, mutation } = useCustomMutation<SaveAnswer>();

  useEffect(() => {
    if (!account) return;
    form.setFieldsValue({
      name: account.name,
      username: account.username,
      email: account.email,
      phone_number: account.phone_number,
      function: account.function,
      notification_settings: settingsValues(account.notification_settings),
    });
  }, [account, form]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const openTab = (next: string) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('tab', next);
    nextParams.delete('autodesk');
    setParams(nextParams, { replace: true });
  };

  const save = async (values: AccountFormValues) => {
    setSaved(null);
    try {
      const answer = await patchAccount({
        url: '/my-account',
        method: 'patch',
        values: accountPayload(values),
        meta: { multipart: true },
        successNotification: false,
        errorNotification: false,
      });
      const body = answer.data;
      if (body.meta_data.password_update_status === 'success_and_logged_out_all_devices') {
        session.signOut('logout');
        await navigate('/login', { replace: true });
        return;
      }
      const auth = session.getState().auth;
      if (auth) {
        session.signIn(
          { ...auth, user: { ...auth.user, name: body.data.name, profile_image: body.data.profile_image } },
          session.getState().remembered,
        );
      }
      form.setFields(MESSAGE_FIELDS.map((name) => ({ name, errors: [] })));
      form.resetFields([...PASSWORD_FIELDS, 'logout_all_devices']);
      await query.refetch();
      setSaved(body.meta_data.password_update_status === 'success' ? 'password' : 'profile');
    } catch (error) {
      const errors = (error as ApiHttpError).errors;
      if (!errors) return;
      const placed = placeErrors(errors);
      form.setFields(placed);
      if (placed.length && !placed.some((entry) => tabOfField(entry.name) === tab))
        openTab(tabOfField(placed[0].name));
    }
  };

  const submit = useSafeSubmit(form.submit, save);
  const changePassword = () => {
    const missing = PASSWORD_FIELDS.filter((field) => !form.getFieldValue(field));
    if (missing.length === 0) return submit.press();
    form.setFields(missing.map((name) => ({ name, errors: [t(PASSWORD_REQUIRED[name])] })));
  };

  if (query.isError && !account) return <LoadFailure error={query.error as ApiHttpError} />;

  const saving = submit.submitting;
  return (
    <div className="account-page">
      <PageHeader
        title={t('title')}
        actions={[
          {
            key: 'cancel',
            part: 'secondary',
            node: <Button onClick={() => void navigate('/')}>{t('cancel')}</Button>,
          },
          {
            key: 'save',
            part: 'primary',
            node: (
              <Button type="primary" loading={saving} disabled={!account} onClick={submit.press}>
                {saving ? t('saving') : t('save')}
              </Button>
            ),
          },
        ]}
      />
      {saved && (
        <Alert
          type="success"
          showIcon
          message={t(saved === 'password' ? 'password.changed' : 'updateSuccessful')}
          role="status"
          className="account-banner"
        />
      )}
      {mutation.isError && !(mutation.error as ApiHttpError | null)?.errors && (
        <Alert type="error" showIcon message={t('saveFailed')} className="account-banner" />
      )}
      {!account ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark
          onFinish={submit.finish}
          onFinishFailed={submit.failed}
          disabled={saving}
        >
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
                    onAutodeskChange={() => void query.refetch()}
                    onChangePassword={changePassword}
                    changingPassword={saving}
                  />
                ),
              },
            ]}
          />
        </Form>
      )}
    </div>
  );
}
