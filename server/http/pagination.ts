/**
 * Laravel's length-aware paginator as an API resource collection renders it (reference §5.1, §5.2):
 * `{data, links: {first, last, prev, next}, meta: {current_page, from, last_page, links, path, per_page, to, total}}`.
 * Page URLs are `path?page=n` (Laravel carries no other parameters by default), and `meta.links` is
 * Previous + the UrlWindow page numbers with '...' gaps + Next, so a one-page list has exactly 3 links.
 */
import type { FastifyRequest } from 'fastify';
import type { Page, PageLink } from '../../shared/envelopes';

/** Pages on each side of the current one (Laravel's default `onEachSide`). */
const ON_EACH_SIDE = 3;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(to - from + 1, 0) }, (_, index) => from + index);

/** Laravel's UrlWindow: page numbers, with '...' where pages are left out. */
export function pageWindow(currentPage: number, lastPage: number): Array<number | '...'> {
  if (lastPage < ON_EACH_SIDE * 2 + 8) return range(1, lastPage);
  const window = ON_EACH_SIDE + 4;
  const start = [1, 2];
  const finish = [lastPage - 1, lastPage];
  if (currentPage <= window) return [...range(1, window + ON_EACH_SIDE), '...', ...finish];
  if (currentPage > lastPage - window)
    return [...start, '...', ...range(lastPage - (window + (ON_EACH_SIDE - 1)), lastPage)];
  return [
    ...start,
    '...',
    ...range(currentPage - ON_EACH_SIDE, currentPage + ON_EACH_SIDE),
    '...',
    ...finish,
  ];
}

/** The request's URL without its query string, on the host it was sent to. */
export function requestPath(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
}

export function paginated<T>(
  request: FastifyRequest,
  items: T[],
  page: { total: number; currentPage: number; perPage: number },
): Page<T> {
  const { total, currentPage, perPage } = page;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const path = requestPath(request);
  const url = (n: number) => `${path}?page=${n}`;
  const prev = currentPage > 1 ? url(currentPage - 1) : null;
  const next = currentPage < lastPage ? url(currentPage + 1) : null;
  const from = items.length ? (currentPage - 1) * perPage + 1 : null;
  const links: PageLink[] = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(currentPage, lastPage).map((entry) =>
      entry === '...'
        ? { url: null, label: '...', active: false }
        : { url: url(entry), label: String(entry), active: entry === currentPage },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return {
    data: items,
    links: { first: url(1), last: url(lastPage), prev, next },
    meta: {
      current_page: currentPage,
      from,
      last_page: lastPage,
      links,
      path,
      per_page: perPage,
      to: from === null ? null : from + items.length - 1,
      total,
    },
  };
}
