/**
 * The root of the signed-in screens: refine with every provider, and the notices it shows. The providers are
 * built once per page; the caches, notices and the realtime connection end with the session. Loaded by its route
 * (`routes.tsx`), so the sign-in page does without refine. No antd here: the pages that use antd bring its theme
 * with them (`antd-pages.tsx`), so the layout and the list screens load without it.
 */
import { Refine } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { createAccessControlProvider, reasonsFollowLanguage } from '@/providers/access-control';
import { authProvider } from '@/providers/auth-provider';
import { createDataProvider } from '@/providers/data-provider';
import { createEchoConnection } from '@/providers/echo-connection';
import { createI18nProvider, toLanguage } from '@/providers/i18n';
import { createLiveProvider } from '@/providers/live-provider';
import { createQueryClient } from '@/providers/query-client';
import { routerProvider } from '@/providers/router-provider';
import { useNotificationProvider } from '@/providers/notification-provider';
import { session } from '@/providers/session';
import { navigationResources } from '@/shell/navigation/navigation';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { Toaster, toast } from '@/ui/toast';

const queryClient = createQueryClient();
const echoConnection = createEchoConnection();
const accessControlProvider = createAccessControlProvider();
reasonsFollowLanguage(queryClient);
const dataProvider = createDataProvider();
const liveProvider = createLiveProvider(() => {
  const auth = session.getState().auth;
  const tenant = tenantStore.getState().tenant;
  return auth?.access_token && tenant
    ? { echo: echoConnection.forToken(auth.access_token), tenantId: tenant.id, userId: auth.user.id }
    : null;
});
const resources = navigationResources();

// What one user's session cached (permissions, data, channels) must not serve the next one. The sign-in page
// works without refine, so signing in counts as a change of user too: nothing cached while signed out is kept.
session.subscribe((state, previous) => {
  if (state.auth?.user.id !== previous.auth?.user.id) {
    echoConnection.close();
    queryClient.removeQueries();
    toast.clear();
  }
});

export function RefineRoot() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  // A new provider object on a language switch makes every refine text re-render with it.
  const i18nProvider = useMemo(() => ({ ...createI18nProvider(i18n), language }), [i18n, language]);

  return (
    <>
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
        <Outlet />
      </Refine>
      <Toaster label={t('toaster.label')} closeLabel={t('toaster.close')} />
    </>
  );
}
