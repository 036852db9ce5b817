/** What the portal needs to know about its deployment, injected into index.html by the server. */
import type { ServerConfig } from './config';

export interface PortalRuntimeConfig {
  domain: string;
  /** The deployment's environment (`APP_ENVIRONMENT`); null lets the portal build decide. */
  environment: string | null;
  /** Public API base URL; null derives `{scheme}://{domain}:{port}/api/v2` from the page. */
  publicApiUrl: string | null;
  /** Authenticated API base URL with `{tenant}`; null derives `{scheme}://{tenant}.{domain}:{port}/api/v2`. */
  tenantApiUrl: string | null;
  pusher: { key: string; cluster: string; host: string | null; port: number | null; forceTLS: boolean };
}

/** The public API's base URL when the deployment sets one (`PUBLIC_API_URL`). */
export const configuredPublicApiUrl = () => process.env.PUBLIC_API_URL || null;

export function portalRuntimeConfig(config: ServerConfig): PortalRuntimeConfig {
  return {
    domain: config.domain,
    environment: config.environment,
    publicApiUrl: configuredPublicApiUrl(),
    tenantApiUrl: process.env.TENANT_API_URL || null,
    pusher: {
      key: config.pusher.key,
      cluster: config.pusher.cluster,
      host: config.pusher.host,
      port: config.pusher.port,
      forceTLS: config.pusher.useTLS,
    },
  };
}
