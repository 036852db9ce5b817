/**
 * The avatar menu (spec 1 §2.3): Account, Company (with view-company or edit-company), FAQ, Issue report,
 * Feedback report and Logout, which reads 'Logout...' while busy. It closes when the route changes. Issue 33: the
 * theme, System, Light or Dark (radio entries), applied at once and kept per user on the server
 * (`PATCH /my-account/preferences`), so it follows the user to every device.
 */
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import BugOutlined from '@ant-design/icons-svg/es/asn/BugOutlined';
import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Glyph } from '@/ui/Glyph';
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
    return {
      key: `theme-${theme}`,
      icon: <Glyph icon={THEME_ICONS[theme]} />,
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
      icon: <Glyph icon={UserOutlined} />,
      label: t('avatarMenu.account'),
    },
    ...(can(COMPANY_PROFILE_ABILITIES.show)
      ? [
          {
            key: 'company',
            to: '/user/company',
            icon: <Glyph icon={BankOutlined} />,
            label: t('avatarMenu.company'),
          },
        ]
      : []),
    { key: 'faq', to: '/faq', icon: <Glyph icon={QuestionCircleOutlined} />, label: t('avatarMenu.faq') },
    {
      key: 'issue-report',
      to: '/issue_report',
      icon: <Glyph icon={BugOutlined} />,
      label: t('avatarMenu.issueReport'),
    },
    {
      key: 'feedback-report',
      to: '/feedback_report',
      icon: <Glyph icon={MessageOutlined} />,
      label: t('avatarMenu.feedbackReport'),
    },
    { key: 'theme-divider', divider: true },
    ...themeItems,
    { key: 'divider', divider: true },
    {
      key: 'logout',
      icon: <Glyph icon={LogoutOutlined} />,
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
