/** CORS: exactly the portal's own origins, i.e. the portal domain and its subdomains, on any port. */
export function isPortalOrigin(origin: string, domain: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const base = domain.replace(/:\d+$/, '').toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return hostname === base || hostname.endsWith(`.${base}`);
}
