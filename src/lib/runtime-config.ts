/**
 * The deployment as the portal sees it: the server injects window.__PORTAL_CONFIG__ into index.html; without
 * it everything is derived from the page's own location and the default domain.
 */
import { type HostInfo, parseHost } from '@shared/host';

export interface PortalRuntimeConfig {
  domain: string;
  /** The deployment's environment (the dashboard's changelog dates); null lets the build decide. */
  environment: string | null;
  publicApiUrl: string | null;
  tenantApiUrl: string | null;
  pusher: { key: string; cluster: string; host: string | null; port: number | null; forceTLS: boolean };
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: Partial<PortalRuntimeConfig>;
  }
}

export const DEFAULT_DOMAIN = 'portal.localhost';

export interface Deployment {
  config: PortalRuntimeConfig;
  host: HostInfo;
  /** Base URL of public calls (no tenant). */
  publicApiUrl: string;
  /** Base URL of authenticated calls for a company subdomain. */
  tenantApiUrl(company: string): string;
  /** Origin of a sibling host, e.g. `http://customerportal-acme.portal.localhost:8080`. */
  originFor(hostLabel: string | null): string;
}

export function resolveDeployment(
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>,
  injected?: Partial<PortalRuntimeConfig>,
): Deployment {
  const config: PortalRuntimeConfig = {
    domain: injected?.domain ?? DEFAULT_DOMAIN,
    environment: injected?.environment ?? null,
    publicApiUrl: injected?.publicApiUrl ?? null,
    tenantApiUrl: injected?.tenantApiUrl ?? null,
    pusher: injected?.pusher ?? {
      key: 'portal-key',
      cluster: 'mt1',
      host: null,
      port: null,
      forceTLS: false,
    },
  };
  const port = location.port ? `:${location.port}` : '';
  const originFor = (label: string | null) =>
    `${location.protocol}//${label ? `${label}.` : ''}${config.domain}${port}`;
  return {
    config,
    host: parseHost(location.hostname, config.domain),
    publicApiUrl: config.publicApiUrl ?? `${originFor(null)}/api/v2`,
    tenantApiUrl: (company) =>
      config.tenantApiUrl ? config.tenantApiUrl.replace('{tenant}', company) : `${originFor(company)}/api/v2`,
    originFor,
  };
}

export const deployment: Deployment =
  typeof window === 'undefined'
    ? resolveDeployment({ protocol: 'http:', hostname: DEFAULT_DOMAIN, port: '8080' })
    : resolveDeployment(window.location, window.__PORTAL_CONFIG__);
