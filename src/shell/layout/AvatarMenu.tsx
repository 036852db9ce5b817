/**
 * The avatar menu (spec 1 §2.3): Account, Company (with view-company or edit-company), FAQ, Issue report,
 * Feedback report and Logout, which reads 'Logout...' while busy. It closes when the route changes.
 */
import {
  BankOutlined,
  BugOutlined,
  LogoutOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthorization } from '@/shell/session/useAuthorization';
import { initialsOf } from '@/ui/CompanyLogo';

export function AvatarMenu() {
  const { t } = useTranslation();
  const { user, can } = useAuthorization();
  const { key: locationKey } = useLocation();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  // Open for one location only: a route change closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  if (!user) return null;

  const link = (key: string, to: string, icon: React.ReactNode, label: string) => ({
    key,
    icon,
    label: <Link to={to}>{label}</Link>,
  });
  const items: MenuProps['items'] = [
    link('account', '/user/profile', <UserOutlined aria-hidden />, t('avatarMenu.account')),
    ...(can('view-company|edit-company')
      ? [link('company', '/user/company', <BankOutlined aria-hidden />, t('avatarMenu.company'))]
      : []),
    link('faq', '/faq', <QuestionCircleOutlined aria-hidden />, t('avatarMenu.faq')),
    link('issue-report', '/issue_report', <BugOutlined aria-hidden />, t('avatarMenu.issueReport')),
    link(
      'feedback-report',
      '/feedback_report',
      <MessageOutlined aria-hidden />,
      t('avatarMenu.feedbackReport'),
    ),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined aria-hidden />,
      danger: true,
      disabled: loggingOut,
      label: loggingOut ? t('avatarMenu.loggingOut') : t('avatarMenu.logout'),
      onClick: () => logout(),
    },
  ];

  return (
    <Dropdown
      open={openAt === locationKey}
      onOpenChange={(open, { source }) => {
        // Logout keeps the menu open to show 'Logout...'; the links close it by changing the route.
        if (source === 'trigger') setOpenAt(open ? locationKey : null);
      }}
      menu={{ items }}
      trigger={['click']}
      placement="bottomRight"
    >
      <button type="button" className="avatar-button" aria-label={t('avatarMenu.label', { name: user.name })}>
        <Avatar src={user.profile_image || undefined} alt="" className="avatar-button__image">
          {initialsOf(user.name)}
        </Avatar>
        <span className="avatar-button__name">{user.name}</span>
      </button>
    </Dropdown>
  );
}
