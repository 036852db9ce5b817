/**
 * The entry: starts the session check, the tenant lookup, the translations and, on a list, its rows (on an
 * overview, its record), then loads React, the router and the portal's root (mount-portal.tsx). The requests leave
 * as soon as this small chunk has run, while the larger one is still arriving (index.html names both:
 * scripts/build/entry-preloads.ts), so a first visit's data and code come in one round, not one after the other.
 */
import { deployment } from './lib/runtime-config';
import { initI18n, PORTAL_NAMESPACES } from './providers/i18n';
import { session } from './providers/session';
import { prefetchFirstList, prefetchFirstRecord } from './shell/routes/first-screen';
import { watchMaintenance } from './shell/states/maintenance';
import { tenantStore } from './shell/tenant/TenantContext';
import './fonts.css';
import './styles.css';

// A 503 to any of the requests below shows the maintenance screen once the portal's root has arrived.
watchMaintenance();
// The two calls go first because i18next's set-up runs some script before its one request leaves; the rows or the
// record after it, as they are asked for in the portal's language (first-screen.ts). The router starts loading the
// first page's chunks as soon as it is created (routes.tsx); index.html already names them
// (server/portal-preloads.ts).
void session.start();
void tenantStore.start();
void initI18n(undefined, PORTAL_NAMESPACES);
prefetchFirstList(window.location, deployment.host.platform);
prefetchFirstRecord(window.location);

void import('./mount-portal');
