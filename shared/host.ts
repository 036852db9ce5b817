/**
 * Tenancy and platform from a host name (spec 1 §1): `{platform}-{company}.{domain}`, `{company}.{domain}`
 * or the bare `{domain}` (public, no tenant). Pure: used by the portal and the contract server alike.
 */
import { DEFAULT_PLATFORM, PLATFORM_KEYS, type PlatformKey } from './platforms';

export interface HostInfo {
  /** The company subdomain, or null on the public host. */
  company: string | null;
  platform: PlatformKey;
  /** True when the host named its platform explicitly (`hatch-acme`), false when it fell back to the default. */
  explicitPlatform: boolean;
}

const stripPort = (host: string) => host.replace(/:\d+$/, '').toLowerCase();

export function parseHost(host: string, domain: string): HostInfo {
  const hostname = stripPort(host);
  const base = stripPort(domain);
  const publicHost: HostInfo = { company: null, platform: DEFAULT_PLATFORM, explicitPlatform: false };
  if (hostname === base || !hostname.endsWith(`.${base}`)) return publicHost;
  const label = hostname.slice(0, -(base.length + 1));
  if (!label || label.includes('.')) return publicHost;
  for (const platform of PLATFORM_KEYS) {
    const prefix = `${platform}-`;
    if (label.startsWith(prefix) && label.length > prefix.length) {
      return { company: label.slice(prefix.length), platform, explicitPlatform: true };
    }
  }
  return { company: label, platform: DEFAULT_PLATFORM, explicitPlatform: false };
}

/** The host (with port when given) of a company on a platform: `{platform}-{company}.{domain}`. */
export function tenantHost(
  company: string,
  platform: PlatformKey,
  domain: string,
  port?: string | number,
): string {
  const suffix = port ? `:${port}` : '';
  return `${platform}-${company}.${stripPort(domain)}${suffix}`;
}
