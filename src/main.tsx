import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n, NAMESPACES } from './providers/i18n';
import { session } from './providers/session';
import { RESOURCE_NAMESPACES } from './resources/index';
import { tenantStore } from './shell/tenant/TenantContext';
import './styles.css';

// Translations, the session check and the tenant lookup start together: no start-up waterfall.
void initI18n(undefined, [...NAMESPACES, ...RESOURCE_NAMESPACES]);
void session.start();
void tenantStore.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
