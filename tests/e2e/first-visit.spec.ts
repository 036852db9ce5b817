/**
 * A first visit without a waterfall (issue 11): on /projects the list's rows are asked for by the entry, together
 * with the session check, while refine, the route table with the declarations and the list page's code are still
 * on their way (not after the page rendered), in the portal's language, and only once; the signed-in screens'
 * chunks are fetched together with the entry (index.html names them), not after it ran; and the entry starts the
 * session check and the rows before React and the portal root (the larger chunk) have arrived. A model's overview
 * (issue 44) the same way: its record asked for by the entry and taken by the page, its page's chunks named.
 */
import { PROJECT_LIST_FIELDS } from '../../src/resources/projects/list-settings';
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { API, apiHeaders, expectSignedIn, sharedSession, signedInAs } from './support/portal';

/** The projects list's first page of 25 as the portal asks for it: its sort and its field selection (spec 2 §7). */
const PROJECTS_FIRST_PAGE = `?${new URLSearchParams([
  ['per_page', '25'],
  ['page', '1'],
  ['sort', '-created_at'],
  ...PROJECT_LIST_FIELDS.map((field) => ['included_fields[]', field]),
])}`;

/**
 * The chunks of a signed-in list's first visit beyond the entry and the root: the signed-in layer (refine's root,
 * the route table with the declarations, the layout: scripts/build/first-visit-layers.ts) and the list page.
 */
const SIGNED_IN_CHUNKS = ['signed-in', 'ResourceListPage'];

/** Resolves when the 25-row projects list was asked for; records each such request's query and language. */
function watchListRequests(page: Page) {
  const requests: { search: string; language: string | undefined }[] = [];
  let seen!: () => void;
  const asked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v2/projects' && url.searchParams.get('per_page') === '25') {
      requests.push({ search: url.search, language: request.headers()['accept-language'] });
      seen();
    }
  });
  return { requests, asked };
}

/** Holds the requests matching `url` until `until` resolves; `held()` says whether any was. */
async function holdUntil(page: Page, url: RegExp | string, until: Promise<unknown>) {
  let held = false;
  await page.route(url, async (route) => {
    held = true;
    await until;
    await route.continue();
  });
  return { held: () => held };
}

test('a first visit of a list asks for its rows before refine, the route table and the page code, once', async ({
  page,
  context,
}) => {
  const auth = await signedInAs(context, 'alice');
  const list = watchListRequests(page);
  // All are held until the rows were asked for: a list whose rows were asked for by the route table (refine's
  // root and the declarations) or by the rendered page (which needs all of them and the session check) would
  // never show.
  const holds = [];
  for (const chunk of SIGNED_IN_CHUNKS)
    holds.push(await holdUntil(page, new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), list.asked));
  holds.push(await holdUntil(page, '**/api/v2/auth/validate', list.asked));

  await page.goto('/projects?per_page=25');
  await expectSignedIn(page, auth.user.name);
  await expect(page.getByRole('table').locator('tbody > tr[data-row-key]')).toHaveCount(25);
  expect(list.requests).toEqual([{ search: PROJECTS_FIRST_PAGE, language: 'en' }]);
  expect(holds.map((hold) => hold.held())).toEqual([true, true, true]);
});

test("the rows asked for at the start are in the user's language, and the Dutch list takes them", async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await context.addInitScript(() => window.localStorage.setItem('language', 'nl'));
  const list = watchListRequests(page);
  const signedIn = await holdUntil(page, /\/assets\/signed-in-[\w-]+\.js$/, list.asked);

  await page.goto('/projects?per_page=25');
  await expect(page.getByRole('table').locator('tbody > tr[data-row-key]')).toHaveCount(25);
  await expect(page.getByRole('columnheader', { name: 'Naam' })).toBeVisible();
  expect(list.requests).toEqual([{ search: PROJECTS_FIRST_PAGE, language: 'nl' }]);
  expect(signedIn.held()).toBe(true);
});

test("a signed-in first visit fetches the route table and the page's chunks together with the entry", async ({
  page,
  context,
}) => {
  const auth = await signedInAs(context, 'alice');
  const chunks = SIGNED_IN_CHUNKS;
  const requested = new Set<string>();
  let allRequested!: () => void;
  const allAsked = new Promise<void>((resolve) => (allRequested = resolve));
  page.on('request', (request) => {
    const chunk = chunks.find((name) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(request.url()));
    if (chunk) requested.add(chunk);
    if (requested.size === chunks.length) allRequested();
  });
  // The entry (index.html's script) is held until every chunk was asked for: chunks asked for only by the
  // running entry would never be, and the page would never show.
  await holdUntil(page, /\/assets\/index-[\w-]+\.js$/, allAsked);

  await page.goto('/projects?per_page=25');
  await expectSignedIn(page, auth.user.name);
  await expect(page.getByRole('table').locator('tbody > tr[data-row-key]')).toHaveCount(25);
});

test('the session check and the rows leave before React and the portal root have arrived', async ({
  page,
  context,
}) => {
  const auth = await signedInAs(context, 'alice');
  const list = watchListRequests(page);
  let validated!: () => void;
  const validateAsked = new Promise<void>((resolve) => (validated = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v2/auth/validate') validated();
  });
  // The portal's root (React, the router, the shell) is held until both were asked for: requests started only
  // by code in its chunks would never leave, and the page would never show.
  const root = await holdUntil(
    page,
    /\/assets\/(mount|root)-[\w-]+\.js$/,
    Promise.all([validateAsked, list.asked]),
  );

  await page.goto('/projects?per_page=25');
  await expectSignedIn(page, auth.user.name);
  await expect(page.getByRole('table').locator('tbody > tr[data-row-key]')).toHaveCount(25);
  expect(root.held(), "the portal's root is a chunk of its own").toBe(true);
  expect(list.requests).toHaveLength(1);
});

/** A seeded model of alice's company: its id. */
async function seededModelId(request: APIRequestContext): Promise<number> {
  const { access_token: token } = await sharedSession('alice');
  const response = await request.get(`${API}/projects/models?per_page=1`, {
    headers: apiHeaders('acme', token),
  });
  expect(response.status(), await response.text()).toBe(200);
  const [model] = ((await response.json()) as { data: { id: number }[] }).data;
  expect(model, 'a seeded model').toBeDefined();
  return model.id;
}

/** The chunks of a model overview's first visit beyond the entry and the root (server/portal-preloads.ts). */
const OVERVIEW_CHUNKS = ['signed-in', 'OverviewPage', 'models\\.overview', 'AntdTheme'];

/** When the overview's title first shows, on the page's clock (performance.now()). */
async function watchTitle(page: Page) {
  await page.addInitScript(() => {
    const marked = window as Window & { titleShownAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.getElementById('model-title')) return;
      marked.titleShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
}

/** The page's requests for `path` that started before the overview's title showed (the page's resource timing). */
const askedBeforeTitle = (page: Page, path: string) =>
  page.evaluate((recordPath) => {
    const shownAt = (window as Window & { titleShownAt?: number }).titleShownAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === recordPath && entry.startTime < shownAt).length;
  }, path);

test("a first visit of a model's overview asks for its record before refine, the route table and the page code, once", async ({
  page,
  context,
  request,
}) => {
  const auth = await signedInAs(context, 'alice');
  const recordPath = `/api/v2/projects/models/${await seededModelId(request)}`;
  const languages: (string | undefined)[] = [];
  let seen!: () => void;
  const recordAsked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== recordPath) return;
    languages.push(request.headers()['accept-language']);
    seen();
  });
  await watchTitle(page);
  // All are held until the record was asked for: a record asked for by the rendered page (which needs all of
  // them and the session check) would never be, and the overview would never show.
  const holds = [];
  for (const chunk of ['signed-in', 'OverviewPage', 'models\\.overview'])
    holds.push(await holdUntil(page, new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), recordAsked));
  holds.push(await holdUntil(page, '**/api/v2/auth/validate', recordAsked));

  await page.goto(recordPath.replace('/api/v2/projects/models/', '/projects/models/overview/'));
  await expectSignedIn(page, auth.user.name);
  await expect(page.locator('#model-title')).toBeVisible();
  // The page's own request took the entry's answer: one request until the record showed (a live update may ask
  // again later), in the portal's language.
  expect(await askedBeforeTitle(page, recordPath)).toBe(1);
  expect(languages[0]).toBe('en');
  expect(holds.map((hold) => hold.held())).toEqual([true, true, true, true]);
});

test("a signed-in first visit of a model's overview fetches its page's chunks with the entry, not the list page", async ({
  page,
  context,
  request,
}) => {
  const auth = await signedInAs(context, 'alice');
  const modelId = await seededModelId(request);
  const requested = new Set<string>();
  let allRequested!: () => void;
  const allAsked = new Promise<void>((resolve) => (allRequested = resolve));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    const chunk = OVERVIEW_CHUNKS.find((name) =>
      new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(request.url()),
    );
    if (chunk) requested.add(chunk);
    if (requested.size === OVERVIEW_CHUNKS.length) allRequested();
  });
  // The entry is held until every chunk was asked for: chunks asked for only by the running entry would never be.
  await holdUntil(page, /\/assets\/index-[\w-]+\.js$/, allAsked);

  await page.goto(`/projects/models/overview/${modelId}`);
  await expectSignedIn(page, auth.user.name);
  await expect(page.locator('#model-title')).toBeVisible();
  expect(scripts.filter((path) => /\/(ResourceListPage|ListView)-/.test(path))).toEqual([]);
});
