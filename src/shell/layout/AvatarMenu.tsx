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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuthorization } from '@/providers/useAuthorization';
import { Avatar } from '@/ui/Avatar';
import { type MenuItem, MenuButton } from '@/ui/MenuButton';

export function AvatarMenu() {
  const { t } = useTranslation();
  const { user, can } = useAuthorization();
  const { key: locationKey } = useLocation();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  // Open for one location only: a route change closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  if (!user) return null;

  const items: MenuItem[] = [
    {
      key: 'account',
      to: '/user/profile',
      icon: <UserOutlined aria-hidden />,
      label: t('avatarMenu.account'),
    },
    ...(can('view-company|edit-company')
      ? [
          {
            key: 'company',
            to: '/user/company',
            icon: <BankOutlined aria-hidden />,
            label: t('avatarMenu.company'),
          },
        ]
      : []),
    { key: 'faq', to: '/faq', icon: <QuestionCircleOutlined aria-hidden />, label: t('avatarMenu.faq') },
    {
      key: 'issue-report',
      to: '/issue_report',
      icon: <BugOutlined aria-hidden />,
      label: t('avatarMenu.issueReport'),
    },
    {
      key: 'feedback-report',
      to: '/feedback_report',
      icon: <MessageOutlined aria-hidden />,
      label: t('avatarMenu.feedbackReport'),
    },
    { key: 'divider', divider: true },
    {
      key: 'logout',
      icon: <LogoutOutlined aria-hidden />,
      danger: true,
      disabled: loggingOut,
      label: loggingOut ? t('avatarMenu.loggingOut') : t('avatarMenu.logout'),
      onSelect: () => logout(),
    },
  ];

  return (
    <MenuButton
      items={items}
      placement="bottom-end"
      label={t('avatarMenu.label', { name: user.name })}
      open={openAt === locationKey}
      onOpenChange={(open) => setOpenAt(open ? locationKey : null)}
      // Logout keeps the menu open to show 'Logout...'; the links close it by changing the route.
      closeOnSelect={false}
      renderTrigger={(props) => (
        <button
          type="button"
          className="avatar-button"
          aria-label={t('avatarMenu.label', { name: user.name })}
          {...props}
        >
          <Avatar
            name={user.name}
            src={user.profile_image || undefined}
            alt=""
            className="avatar-button__image"
          />
          <span className="avatar-button__name">{user.name}</span>
        </button>
      )}
    />
  );
}
