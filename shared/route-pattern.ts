/**
 * The parameters of a path read by a route pattern of plain segments and `:name` segments, as the portal's
 * declared routes are (`projects/models/overview/:modelId`): whole segments, letters of any case, trailing slashes
 * allowed, each parameter decoded, as react-router reads them (tests/unit/first-overviews.test.ts holds the two
 * alike); undefined when the path is not of the pattern. The portal's entry (src/shell/routes/first-screen.ts) and
 * the server (server/portal-preloads.ts) read a first visit's path with it before, or without, the router:
 * react-router's `matchPath` would bring the router into the entry's chunk.
 */
export function routeParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname
    .replace(/(.)\/+$/, '$1')
    .split('/')
    .slice(1);
  if (!pathname.startsWith('/') || given.length !== wanted.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index];
    if (!segment.startsWith(':')) {
      if (segment.toLowerCase() !== value.toLowerCase()) return undefined;
    } else if (value) params[segment.slice(1)] = decodedSegment(value);
    else return undefined;
  }
  return params;
}

/** A path segment decoded, or as it is when it is not valid percent-encoding (react-router leaves it so). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
