/**
 * The Details tab (spec 2 §My account, §5): the profile image with its role (or 'Admin') and groups, the fields
 * (Name, Username, Email required; Phone Number and Function optional) and the footer's account actions. The
 * profile image is shown, not edited, here (spec 2 §My account).
 */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Form, Input, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyAccount } from '@shared/entities/my-account';
import { AccountActions } from './AccountActions';

export function AccountDetails({ account }: { account: MyAccount }) {
  const { t } = useTranslation('account');
  const required = (label: string) => [
    { required: true, message: t('validation.required', { field: label }) },
  ];
  return (
    <div className="account-details">
      <section className="account-identity" aria-label={t('details.identity')}>
        <Avatar size={96} src={account.profile_image ?? undefined} icon={<UserOutlined />} alt="" />
        <div>
          <h2 className="account-identity__name">{account.name}</h2>
          <p className="account-identity__role">
            {account.admin ? t('details.admin') : (account.role?.title ?? t('details.noRole'))}
          </p>
          <div className="account-identity__groups" aria-label={t('details.groups')}>
            <span className="account-identity__label">{t('details.groups')}</span>
            {account.groups.length ? (
              <Avatar.Group max={{ count: 5 }}>
                {account.groups.map((group) => (
                  <Tooltip key={group.id} title={group.name}>
                    <Avatar aria-label={group.name} className="account-group-avatar">
                      {group.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  </Tooltip>
                ))}
              </Avatar.Group>
            ) : (
              <Tag>{t('details.noGroups')}</Tag>
            )}
          </div>
        </div>
      </section>
      <div className="account-fields">
        <Form.Item name="name" label={t('fields.name')} rules={required(t('fields.name'))}>
          <Input autoComplete="name" maxLength={255} />
        </Form.Item>
        <Form.Item name="username" label={t('fields.username')} rules={required(t('fields.username'))}>
          <Input autoComplete="username" maxLength={255} />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={required(t('fields.email'))}>
          <Input type="email" autoComplete="email" maxLength={255} />
        </Form.Item>
        <Form.Item name="phone_number" label={t('fields.phone')}>
          <Input type="tel" autoComplete="tel" maxLength={50} />
        </Form.Item>
        <Form.Item name="function" label={t('fields.function')}>
          <Input maxLength={255} />
        </Form.Item>
      </div>
      <AccountActions />
    </div>
  );
}
