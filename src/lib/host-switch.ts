/**
 * Moving to a sibling host (spec 1 §2.3, spec 2 Admin): the platform switcher goes to `{platform}-{tenant}.{domain}`
 * keeping the path, except from a create, edit or processor page (to `/`); the tenant switcher goes to the chosen
 * company's host, and an administrator's Select on /admin/companies to that company's host keeping the path. The
 * session cookie lives on the parent domain, so the session comes along.
 */
import type { PlatformKey } from '@shared/platforms';
import { deployment as pageDeployment, type Deployment } from '@/lib/runtime-config';

/** Create, edit and processor pages do not exist (or mean something else) on the other platform. */
export function keepsPathAcrossPlatforms(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return (
    !segments.some((segment) => segment === 'create' || segment === 'edit') && segments[0] !== 'processor'
  );
}

export function platformSwitchUrl(
  platform: PlatformKey,
  location: { pathname: string; search: string },
  deployment: Deployment = pageDeployment,
): string {
  const company = deployment.host.company!;
  const path = keepsPathAcrossPlatforms(location.pathname) ? `${location.pathname}${location.search}` : '/';
  return `${deployment.originFor(`${platform}-${company}`)}${path}`;
}

/**
 * The company's host; a platform the current host names explicitly is kept. With `location`, the same path (and
 * query) on that host, otherwise its dashboard.
 */
export function companySwitchUrl(
  subDomain: string,
  deployment: Deployment = pageDeployment,
  location?: { pathname: string; search: string },
): string {
  const { host } = deployment;
  const label = host.explicitPlatform ? `${host.platform}-${subDomain}` : subDomain;
  const path = location ? `${location.pathname}${location.search}` : '/';
  return `${deployment.originFor(label)}${path}`;
}
