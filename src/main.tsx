import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n, PORTAL_NAMESPACES } from './providers/i18n';
import { session } from './providers/session';
import { tenantStore } from './shell/tenant/TenantContext';
import './fonts.css';
import './styles.css';

// The session check, the tenant lookup and the translations start together: no start-up waterfall. The two calls
// go first because i18next's set-up runs some script before its one request leaves. The router starts loading
// the first page's chunks at the same time (routes.tsx).
void session.start();
void tenantStore.start();
void initI18n(undefined, PORTAL_NAMESPACES);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
