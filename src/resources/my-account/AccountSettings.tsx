/**
 * The Settings tab (spec 2 §My account, §4, §5): the Autodesk Integration card (unless the tenant's
 * autodesk_integration is 'no'), the accordions 'Receive Notification via Email' and 'Receive Notification in
 * Portal' (notification types by category, one switch each), and the Change Password card. The switches and
 * password fields belong to the page's form, which the header's Save submits; the card's own 'Change password'
 * button submits it too, once its three fields are filled (an empty one says so under it).
 */
import { Button, Collapse, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyAccount, NotificationSetting } from '@shared/entities/my-account';
import { SettingsFields } from '@/components/settings-form/SettingsFields';
import { SettingsCard } from '@/components/settings-form/SettingsPage';
import type { SettingsTabContext } from '@/components/settings-form/settings-tabs';
import { type AccountFormValues, PASSWORD_CARD, PASSWORD_FIELDS } from './account-form';
import { AutodeskCard } from './AutodeskCard';

/** What an empty field of the Change Password card says when its button is pressed. */
const PASSWORD_REQUIRED = {
  current_password: 'password.currentRequired',
  new_password: 'password.newRequired',
  new_password_confirmation: 'password.confirmationRequired',
} as const;

function byCategory(settings: NotificationSetting[]): Array<[string, NotificationSetting[]]> {
  const groups = new Map<string, NotificationSetting[]>();
  for (const setting of settings)
    groups.set(setting.category, [...(groups.get(setting.category) ?? []), setting]);
  return [...groups];
}

function NotificationSwitches({
  settings,
  channel,
}: {
  settings: NotificationSetting[];
  channel: 'email' | 'browser';
}) {
  const { t } = useTranslation('account');
  return (
    <div className="account-notifications">
      {byCategory(settings).map(([category, types]) => (
        <fieldset key={category} className="account-notifications__category">
          <legend>{t(`notifications:categories.${category}`, { defaultValue: category })}</legend>
          {types.map((setting) => {
            const title = t(`notifications:types.${setting.notification_type_key}`, {
              defaultValue: setting.notification_type_title,
            });
            return (
              <div key={setting.notification_type_id} className="account-notifications__row">
                <span id={`notification-${channel}-${setting.notification_type_id}`}>{title}</span>
                <Form.Item
                  name={['notification_settings', String(setting.notification_type_id), channel]}
                  valuePropName="checked"
                  noStyle
                >
                  <Switch aria-labelledby={`notification-${channel}-${setting.notification_type_id}`} />
                </Form.Item>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

export function AccountSettings({
  account,
  context: { form, submit, reload },
}: {
  account: MyAccount;
  context: SettingsTabContext<AccountFormValues>;
}) {
  const { t } = useTranslation('account');
  const settings = account.notification_settings ?? [];
  const changePassword = () => {
    const missing = PASSWORD_FIELDS.filter((field) => !form.getFieldValue(field));
    if (missing.length === 0) return submit.press();
    form.setFields(missing.map((name) => ({ name, errors: [t(PASSWORD_REQUIRED[name])] })));
  };
  return (
    <div className="account-settings">
      <AutodeskCard account={account} onChange={reload} />
      <Collapse
        className="account-settings__accordions"
        items={[
          {
            key: 'email',
            label: t('notifications.email'),
            forceRender: true,
            children: <NotificationSwitches settings={settings} channel="email" />,
          },
          {
            key: 'browser',
            label: t('notifications.browser'),
            forceRender: true,
            children: <NotificationSwitches settings={settings} channel="browser" />,
          },
        ]}
      />
      <SettingsCard title={t('password.title')}>
        <SettingsFields fields={PASSWORD_CARD} ns="account" className="" />
        <Button type="primary" onClick={changePassword} loading={submit.submitting}>
          {t('password.change')}
        </Button>
      </SettingsCard>
    </div>
  );
}
