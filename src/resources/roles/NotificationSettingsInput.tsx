/**
 * The role form's notification settings: per notification type of the one catalogue (grouped by category; titles
 * from the `notifications` namespace, as My account's) email and browser.
 */
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONFIGURABLE_NOTIFICATION_TYPES as NOTIFICATION_TYPES } from '@shared/notification-types';
import type { FieldInputProps } from '@/declarations/types';
import './roles.css';

interface Setting {
  notification_type_id: number;
  email: boolean;
  browser: boolean;
}

const CATEGORIES = [...new Set(NOTIFICATION_TYPES.map((type) => type.category))];

export default function NotificationSettingsInput({ id, value, onChange, ns }: FieldInputProps) {
  const { t } = useTranslation(ns);
  const given = Array.isArray(value) ? (value as Setting[]) : [];
  // Every type is listed; one the value does not hold is off.
  const settings: Setting[] = NOTIFICATION_TYPES.map((type) => {
    const own = given.find((setting) => setting.notification_type_id === type.id);
    return { notification_type_id: type.id, email: !!own?.email, browser: !!own?.browser };
  });
  const toggle = (typeId: number, channel: 'email' | 'browser', on: boolean) =>
    onChange?.(
      settings.map((setting) =>
        setting.notification_type_id === typeId ? { ...setting, [channel]: on } : setting,
      ),
    );
  return (
    <table id={id} className="notification-settings">
      <thead>
        <tr>
          <th scope="col">{t('notifications.type')}</th>
          <th scope="col">{t('notifications.email')}</th>
          <th scope="col">{t('notifications.browser')}</th>
        </tr>
      </thead>
      {CATEGORIES.map((category) => (
        <tbody key={category}>
          <tr>
            <th scope="rowgroup" colSpan={3} className="notification-settings__category">
              {t(`notifications:categories.${category}`)}
            </th>
          </tr>
          {NOTIFICATION_TYPES.filter((type) => type.category === category).map((type) => {
            const setting = settings.find((item) => item.notification_type_id === type.id)!;
            const title = t(`notifications:types.${type.key}`);
            return (
              <tr key={type.id}>
                <th scope="row">{title}</th>
                {(['email', 'browser'] as const).map((channel) => (
                  <td key={channel}>
                    <Checkbox
                      checked={setting[channel]}
                      onChange={(event) => toggle(type.id, channel, event.target.checked)}
                      aria-label={`${title}: ${t(`notifications.${channel}`)}`}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
