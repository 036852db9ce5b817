/**
 * The layout of every signed-in screen (spec 1 §2.3): side navigation and top bar around the page. From antd's
 * `lg` breakpoint the navigation is a column (264px) the toggle narrows to icons (72px); below it, a drawer the
 * toggle opens (a modal panel: Escape or the backdrop closes it, the focus returns to the toggle). Planned
 * maintenance starting within a day is announced under the top bar. The first stop of the keyboard is a skip
 * link, shown when focused, that leads past the navigation and the top bar to the page. While a route change
 * is slow to show its screen, the page is marked busy (`RouteProgress` shows the bar).
 */
import { type PropsWithChildren, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { classNames } from '@/ui/class-names';
import { Dialog } from '@/ui/Dialog';
import { DESKTOP_QUERY, useMediaQuery } from '@/ui/useMediaQuery';
import { SessionRevalidation } from '@/shell/session/SessionRevalidation';
import { RememberVisits } from '@/shell/command-palette/RememberVisits';
import { useRouteChangeSlow } from '@/shell/routes/RouteProgress';
import { SideNavigation } from './SideNavigation';
import { TopBar } from './TopBar';
import { UpcomingMaintenance } from './UpcomingMaintenance';

export function ShellLayout({ children }: PropsWithChildren) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { key: locationKey } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  // The drawer is open for one location only: following a link closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const content = useRef<HTMLElement>(null);
  const changingRoute = useRouteChangeSlow();
  const drawerOpen = !desktop && drawerOpenAt === locationKey;

  const toggle = () =>
    desktop ? setCollapsed(!collapsed) : setDrawerOpenAt(drawerOpen ? null : locationKey);

  return (
    <div className="shell">
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          // Focus the page without changing the URL (a hash would become part of the route).
          event.preventDefault();
          content.current?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <SessionRevalidation />
      {desktop ? (
        <aside className={classNames('shell__sider', collapsed && 'shell__sider--collapsed')}>
          <SideNavigation collapsed={collapsed} />
        </aside>
      ) : (
        <Dialog
          open={drawerOpen}
          placement="left"
          hideHeader
          initialFocus="none"
          title={t('nav.label')}
          onClose={() => setDrawerOpenAt(null)}
          className="shell__drawer"
        >
          <SideNavigation />
        </Dialog>
      )}
      <div className="shell__main">
        <TopBar menuOpen={desktop ? !collapsed : drawerOpen} onToggleMenu={toggle} />
        <UpcomingMaintenance />
        <main
          ref={content}
          id="main-content"
          tabIndex={-1}
          className="shell__content"
          aria-busy={changingRoute || undefined}
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/** The layout as the route around every signed-in page. */
export function ShellLayoutRoute() {
  return (
    <ShellLayout>
      <RememberVisits />
      <Outlet />
    </ShellLayout>
  );
}
