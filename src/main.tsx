import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { deployment } from './lib/runtime-config';
import { initI18n, PORTAL_NAMESPACES } from './providers/i18n';
import { session } from './providers/session';
import { prefetchFirstList } from './shell/routes/first-screen';
import { tenantStore } from './shell/tenant/TenantContext';
import './fonts.css';
import './styles.css';

// The session check, the tenant lookup, the translations and, on a list, its rows start together: no start-up
// waterfall. The two calls go first because i18next's set-up runs some script before its one request leaves; the
// rows after it, as they are asked for in the portal's language (first-screen.ts). The router starts loading the
// first page's chunks at the same time (routes.tsx), which index.html already names (server/portal-preloads.ts).
void session.start();
void tenantStore.start();
void initI18n(undefined, PORTAL_NAMESPACES);
prefetchFirstList(window.location, deployment.host.platform);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
