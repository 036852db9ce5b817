/**
 * The side navigation (spec 1 §2.3, §6): the tenant switcher, the entries the user may use, the accordion groups
 * (one open at a time; the group of the current route opens when the route enters it) and the language switcher.
 */
import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isPermitted } from '@/lib/permissions';
import { deployment } from '@/lib/runtime-config';
import {
  activeNavigationItem,
  groupOf,
  NAVIGATION,
  type NavigationItem,
} from '@/shell/navigation/navigation';
import { useAuthorization } from '@/shell/session/useAuthorization';
import { LanguageSwitcher } from './LanguageSwitcher';
import { TenantSwitcher } from './TenantSwitcher';

type MenuItem = Required<MenuProps>['items'][number];

export function SideNavigation({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuthorization();
  const { pathname } = useLocation();
  const active = activeNavigationItem(pathname);
  const activeGroup = groupOf(active)?.name;

  // Accordion: the user opens one group at a time; entering a group's route opens that group.
  const [open, setOpen] = useState({ group: activeGroup, keys: activeGroup ? [activeGroup] : [] });
  if (open.group !== activeGroup)
    setOpen({ group: activeGroup, keys: activeGroup ? [activeGroup] : open.keys });

  const permitted = (item: NavigationItem) => isPermitted(user, deployment.host.platform, item.permission);
  const toMenuItem = (item: NavigationItem): MenuItem | null => {
    if (!permitted(item)) return null;
    const label = t(item.labelKey);
    if (item.children) {
      const children = item.children.map(toMenuItem).filter((child): child is MenuItem => !!child);
      return children.length ? { key: item.name, icon: item.icon, label, children } : null;
    }
    return { key: item.name, icon: item.icon, label: <Link to={item.route!}>{label}</Link> };
  };
  const items = NAVIGATION.map(toMenuItem).filter((item): item is MenuItem => !!item);

  return (
    <div className="side-nav">
      <div className="side-nav__tenant">
        <TenantSwitcher collapsed={collapsed} />
      </div>
      <nav className="side-nav__menu" aria-label={t('nav.label')}>
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={active ? [active.name] : []}
          {...(collapsed ? {} : { openKeys: open.keys })}
          onOpenChange={(keys) => setOpen({ group: activeGroup, keys: keys.slice(-1) })}
          items={items}
        />
      </nav>
      {!collapsed && (
        <div className="side-nav__footer">
          <LanguageSwitcher />
        </div>
      )}
    </div>
  );
}
