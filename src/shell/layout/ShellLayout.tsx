/**
 * The layout of every signed-in screen (spec 1 §2.3): side navigation and top bar around the page. From antd's
 * `lg` breakpoint the navigation is a column the toggle narrows to icons; below it, a drawer the toggle opens.
 */
import { Drawer, Layout } from 'antd';
import { type PropsWithChildren, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DESKTOP_QUERY, useMediaQuery } from '@/ui/useMediaQuery';
import { SideNavigation } from './SideNavigation';
import { TopBar } from './TopBar';

export function ShellLayout({ children }: PropsWithChildren) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { key: locationKey } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  // The drawer is open for one location only: following a link closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === locationKey;

  const toggle = () =>
    desktop ? setCollapsed(!collapsed) : setDrawerOpenAt(drawerOpen ? null : locationKey);

  return (
    <Layout className="shell">
      {desktop ? (
        <Layout.Sider
          className="shell__sider"
          width={264}
          collapsedWidth={72}
          collapsed={collapsed}
          trigger={null}
        >
          <SideNavigation collapsed={collapsed} />
        </Layout.Sider>
      ) : (
        <Drawer
          className="shell__drawer"
          placement="left"
          width={288}
          open={drawerOpen}
          onClose={() => setDrawerOpenAt(null)}
          closable={false}
          title={null}
          aria-label={t('nav.label')}
          styles={{ body: { padding: 0 } }}
        >
          <SideNavigation />
        </Drawer>
      )}
      <Layout className="shell__main">
        <TopBar menuOpen={desktop ? !collapsed : drawerOpen} onToggleMenu={toggle} />
        <Layout.Content className="shell__content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The layout as the route around every signed-in page. */
export function ShellLayoutRoute() {
  return (
    <ShellLayout>
      <Outlet />
    </ShellLayout>
  );
}
