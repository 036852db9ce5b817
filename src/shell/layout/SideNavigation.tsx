/**
 * The side navigation (spec 1 §2.3, §6): the tenant switcher, the entries the user may use, the accordion groups
 * (one open at a time; the group of the current route opens when the route enters it) and the language switcher.
 * Narrowed to icons, each entry shows its label as a tooltip and a group opens its entries as a menu beside it.
 */
import { useId, useState } from 'react';
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
import { useAuthorization } from '@/providers/useAuthorization';
import { classNames } from '@/ui/class-names';
import { MenuButton } from '@/ui/MenuButton';
import { Tooltip } from '@/ui/Tooltip';
import { LanguageSwitcher } from './LanguageSwitcher';
import { TenantSwitcher } from './TenantSwitcher';

/** The entries the user may use; a group without any usable entry is left out. */
function permittedItems(
  items: NavigationItem[],
  permitted: (item: NavigationItem) => boolean,
): NavigationItem[] {
  return items.flatMap((item) => {
    if (!permitted(item)) return [];
    if (!item.children) return [item];
    const children = permittedItems(item.children, permitted);
    return children.length ? [{ ...item, children }] : [];
  });
}

function NavigationLink({
  item,
  active,
  collapsed,
}: {
  item: NavigationItem;
  active: NavigationItem | undefined;
  collapsed: boolean;
}) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const current = active?.name === item.name;
  const link = (
    <Link
      to={item.route!}
      className={classNames('side-nav__item', current && 'is-selected')}
      aria-current={current ? 'page' : undefined}
    >
      <span className="side-nav__icon">{item.icon}</span>
      <span className={classNames('side-nav__label', collapsed && 'ui-visually-hidden')}>{label}</span>
    </Link>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function NavigationGroup({
  group,
  active,
  open,
  onToggle,
}: {
  group: NavigationItem;
  active: NavigationItem | undefined;
  open: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const containsActive = group.children!.some((child) => child.name === active?.name);
  return (
    <li className="side-nav__group">
      <button
        type="button"
        className={classNames('side-nav__item side-nav__group-toggle', containsActive && 'is-active')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <span className="side-nav__icon">{group.icon}</span>
        <span className="side-nav__label">{t(group.labelKey)}</span>
        <span className="side-nav__chevron" aria-hidden />
      </button>
      <ul id={listId} className="side-nav__sublist" hidden={!open}>
        {group.children!.map((child) => (
          <li key={child.name}>
            <NavigationLink item={child} active={active} collapsed={false} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A group of the narrowed navigation: its icon opens a menu of its entries beside the column. */
function NavigationGroupMenu({
  group,
  active,
}: {
  group: NavigationItem;
  active: NavigationItem | undefined;
}) {
  const { t } = useTranslation();
  const label = t(group.labelKey);
  const containsActive = group.children!.some((child) => child.name === active?.name);
  return (
    <li className="side-nav__group">
      <MenuButton
        placement="right-start"
        label={label}
        className="side-nav__flyout"
        items={group.children!.map((child) => ({
          key: child.name,
          icon: child.icon,
          label: t(child.labelKey),
          to: child.route,
          current: child.name === active?.name,
        }))}
        renderTrigger={(props) => (
          <Tooltip title={label} placement="right">
            <button
              type="button"
              className={classNames('side-nav__item side-nav__group-toggle', containsActive && 'is-selected')}
              {...props}
            >
              <span className="side-nav__icon">{group.icon}</span>
              <span className="side-nav__label ui-visually-hidden">{label}</span>
            </button>
          </Tooltip>
        )}
      />
    </li>
  );
}

export function SideNavigation({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuthorization();
  const { pathname } = useLocation();
  const active = activeNavigationItem(pathname);
  const activeGroup = groupOf(active)?.name;

  // Accordion: the user opens one group at a time; entering a group's route opens that group.
  const [open, setOpen] = useState({ group: activeGroup, key: activeGroup });
  if (open.group !== activeGroup) setOpen({ group: activeGroup, key: activeGroup ?? open.key });

  const items = permittedItems(NAVIGATION, (item) =>
    isPermitted(user, deployment.host.platform, item.permission),
  );

  return (
    <div className={classNames('side-nav', collapsed && 'side-nav--collapsed')}>
      <div className="side-nav__tenant">
        <TenantSwitcher collapsed={collapsed} />
      </div>
      <nav className="side-nav__menu" aria-label={t('nav.label')}>
        <ul className="side-nav__list">
          {items.map((item) =>
            !item.children ? (
              <li key={item.name}>
                <NavigationLink item={item} active={active} collapsed={collapsed} />
              </li>
            ) : collapsed ? (
              <NavigationGroupMenu key={item.name} group={item} active={active} />
            ) : (
              <NavigationGroup
                key={item.name}
                group={item}
                active={active}
                open={open.key === item.name}
                onToggle={() =>
                  setOpen({ group: activeGroup, key: open.key === item.name ? undefined : item.name })
                }
              />
            ),
          )}
        </ul>
      </nav>
      {!collapsed && (
        <div className="side-nav__footer">
          <LanguageSwitcher />
        </div>
      )}
    </div>
  );
}
