import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n, PORTAL_NAMESPACES } from './providers/i18n';
import { session } from './providers/session';
import { tenantStore } from './shell/tenant/TenantContext';
import './fonts.css';
import './styles.css';

// Translations, the session check and the tenant lookup start together: no start-up waterfall. The router starts
// loading the first page's chunks at the same time (routes.tsx).
void initI18n(undefined, PORTAL_NAMESPACES);
void session.start();
void tenantStore.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
