/**
 * The top bar (spec 1 §2.3): menu toggle, platform switcher, global search box, the command palette's button (issue
 * 33), notification bell, avatar menu.
 */
import MenuFoldOutlined from '@ant-design/icons-svg/es/asn/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons-svg/es/asn/MenuUnfoldOutlined';
import { Glyph } from '@/ui/Glyph';
import { useTranslation } from 'react-i18next';
import { CommandPaletteLauncher } from '@/shell/command-palette/CommandPaletteLauncher';
import { NotificationBell } from '@/shell/notifications/NotificationBell';
import { GlobalSearchBox } from '@/shell/search/GlobalSearchBox';
import { Button } from '@/ui/Button';
import { AvatarMenu } from './AvatarMenu';
import { PlatformSwitcher } from './PlatformSwitcher';

export interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <Button
        variant="text"
        className="top-bar__toggle"
        icon={menuOpen ? <Glyph icon={MenuFoldOutlined} /> : <Glyph icon={MenuUnfoldOutlined} />}
        aria-label={t('topBar.toggleMenu')}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      />
      <PlatformSwitcher />
      <div className="top-bar__search">
        <GlobalSearchBox />
      </div>
      <div className="top-bar__actions">
        <CommandPaletteLauncher />
        <NotificationBell />
        <AvatarMenu />
      </div>
    </header>
  );
}
