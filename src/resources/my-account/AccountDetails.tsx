/**
 * The Details tab (spec 2 §My account, §5): the profile image with its role (or 'Admin') and groups, the fields
 * (Name, Username, Email required; Phone Number and Function optional) and the footer's account actions. The
 * profile image is shown, not edited, here (spec 2 §My account).
 */
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Glyph } from '@/ui/Glyph';
import { Avatar, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyAccount } from '@shared/entities/my-account';
import { SettingsFields } from '@/components/settings-form/SettingsFields';
import { AccountActions } from './AccountActions';
import { ACCOUNT_DETAILS } from './account-form';

export function AccountDetails({ account }: { account: MyAccount }) {
  const { t } = useTranslation('account');
  return (
    <div className="account-details">
      <section className="account-identity" aria-label={t('details.identity')}>
        <Avatar
          size={96}
          src={account.profile_image ?? undefined}
          icon={<Glyph icon={UserOutlined} />}
          alt=""
        />
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
      <SettingsFields fields={ACCOUNT_DETAILS} ns="account" />
      <AccountActions />
    </div>
  );
}
