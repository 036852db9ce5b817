/**
 * The root of the router: refine with every provider, shown once the session check and the tenant lookup have
 * finished (the loading screen until then). The providers are built once per page; the caches and the realtime
 * connection end with the session.
 */
import { Refine } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { createAccessControlProvider } from '@/providers/access-control';
import { createAuthProvider } from '@/providers/auth-provider';
import { createDataProvider } from '@/providers/data-provider';
import { createEchoConnection } from '@/providers/echo-connection';
import { createI18nProvider, toLanguage } from '@/providers/i18n';
import { createLiveProvider } from '@/providers/live-provider';
import { session } from '@/providers/session';
import { navigationResources } from '@/shell/navigation/navigation';
import { InactivityLogout } from '@/shell/session/InactivityLogout';
import { useSession } from '@/shell/session/useSession';
import { LoadingScreen } from '@/shell/states/LoadingScreen';
import { tenantStore, useTenant } from '@/shell/tenant/TenantContext';

const queryClient = new QueryClient();
const echoConnection = createEchoConnection();
const authProvider = createAuthProvider();
const accessControlProvider = createAccessControlProvider();
const dataProvider = createDataProvider();
const liveProvider = createLiveProvider(() => {
  const token = session.getState().auth?.access_token;
  const tenant = tenantStore.getState().tenant;
  return token && tenant ? { echo: echoConnection.forToken(token), tenantId: tenant.id } : null;
});
const resources = navigationResources();

// What one user's session cached (permissions, data, channels) must not serve the next one.
session.subscribe((state, previous) => {
  if (previous.auth && state.auth?.user.id !== previous.auth.user.id) {
    echoConnection.close();
    queryClient.removeQueries();
  }
});

export function PortalRoot() {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  // A new provider object on a language switch makes every refine text re-render with it.
  const i18nProvider = useMemo(() => ({ ...createI18nProvider(i18n), language }), [i18n, language]);
  const { ready } = useSession();
  const tenant = useTenant();
  if (!ready || !tenant.ready) return <LoadingScreen />;

  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      liveProvider={liveProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        reactQuery: { clientConfig: queryClient },
        liveMode: 'auto',
        mutationMode: 'pessimistic',
      }}
    >
      <InactivityLogout />
      <Outlet />
    </Refine>
  );
}
