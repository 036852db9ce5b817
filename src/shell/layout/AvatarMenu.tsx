/**
 * The avatar menu (spec 1 §2.3): Account, Company (with view-company or edit-company), FAQ, Issue report,
 * Feedback report and Logout, which reads 'Logout...' while busy. It closes when the route changes. Issue 33: the
 * theme, System, Light or Dark (radio entries), applied at once and kept per user on the server
 * (`PATCH /my-account/preferences`), so it follows the user to every device.
 */
import {
  BankOutlined,
  BugOutlined,
  DesktopOutlined,
  LogoutOutlined,
  MessageOutlined,
  MoonOutlined,
  QuestionCircleOutlined,
  SunOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useCustomMutation, useLogout } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { THEME_PREFERENCES, type ThemePreference, type UserPreferences } from '@shared/session';
import { session } from '@/providers/session';
import { useAuthorization } from '@/providers/useAuthorization';
import { COMPANY_PROFILE_ABILITIES } from '@/resources/company-profile/company-profile-abilities';
import { Avatar } from '@/ui/Avatar';
import { type MenuItem, MenuButton } from '@/ui/MenuButton';
import { setThemeChoice, useThemeChoice } from '../tenant/color-scheme';

const THEME_ICONS = { system: DesktopOutlined, light: SunOutlined, dark: MoonOutlined };
const PREFERENCES_PATH = '/my-account/preferences';

/** The theme entries: the pick applies at once and is sent to the server, whose session user then carries it. */
function useThemeItems(): MenuItem[] {
  const { t } = useTranslation();
  const picked = useThemeChoice();
  const { mutate } = useCustomMutation<{ data: UserPreferences }>();
  const pick = (theme: ThemePreference) => {
    setThemeChoice(theme);
    mutate(
      {
        url: PREFERENCES_PATH,
        method: 'patch',
        values: { theme },
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: () => void session.revalidate() },
    );
  };
  return THEME_PREFERENCES.map((theme) => {
    const Icon = THEME_ICONS[theme];
    return {
      key: `theme-${theme}`,
      icon: <Icon aria-hidden />,
      label: t(`avatarMenu.theme.${theme}`),
      checked: picked === theme,
      onSelect: () => pick(theme),
    };
  });
}

export function AvatarMenu() {
  const { t } = useTranslation();
  const { user, can } = useAuthorization();
  const { key: locationKey } = useLocation();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  // Open for one location only: a route change closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const themeItems = useThemeItems();
  if (!user) return null;

  const items: MenuItem[] = [
    {
      key: 'account',
      to: '/user/profile',
      icon: <UserOutlined aria-hidden />,
      label: t('avatarMenu.account'),
    },
    ...(can(COMPANY_PROFILE_ABILITIES.show)
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
    { key: 'theme-divider', divider: true },
    ...themeItems,
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
