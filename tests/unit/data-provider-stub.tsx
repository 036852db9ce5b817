/**
 * Test edge for the portal's data layer: a stubbed `fetch` that answers /api/v2 paths like the contract server,
 * records every request, and a <Refine> wrapper that uses the real data provider over it.
 */
import { type AuthProvider, type LiveEvent, type LiveProvider, Refine } from '@refinedev/core';
import { routerProvider } from '@/providers/router-provider';
import { App as AntdApp, ConfigProvider } from 'antd';
import i18next, { type i18n as I18n } from 'i18next';
import { render } from '@testing-library/react';
import type { PropsWithChildren, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ABILITIES } from '@shared/abilities';
import type { SessionUser } from '@shared/session';
import { createDataProvider } from '@/providers/data-provider';
import { session } from '@/providers/session';
import { type Tenant, tenantStore } from '@/shell/tenant/TenantContext';
import enDashboard from '../../public/locales/en/dashboard.json';
import enNotifications from '../../public/locales/en/notifications.json';
import enSearch from '../../public/locales/en/search.json';

export interface RecordedRequest {
  method: string;
  /** Path below /api/v2, e.g. `/projects`. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON, the FormData itself, or undefined. */
  body: unknown;
  signal: AbortSignal | undefined;
}

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest, params: Record<string, string>) => StubAnswer | Promise<StubAnswer>;

interface Route_ {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

export interface ApiStub {
  requests: RecordedRequest[];
  /** Answers `method path`; `:name` segments match one path segment. Later routes win. */
  on(method: string, path: string, handler: Handler | StubAnswer): ApiStub;
  /** Requests to a path (and method, GET by default). */
  calls(path: string, method?: string): RecordedRequest[];
  fetch: ReturnType<typeof vi.fn>;
}

/** Replaces the global fetch for one test; unknown routes answer Laravel's 404. */
export function stubApi(): ApiStub {
  const routes: Route_[] = [];
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const rawBody = init.body;
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api\/v2/, ''),
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : (rawBody ?? undefined),
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    if (request.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    // The latest route of a path first; a path without parameters before one with (`/projects/team-options`
    // before `/projects/:id`), as the server's router does.
    const ordered = [...routes]
      .reverse()
      .sort((a, b) => Number(a.names.length > 0) - Number(b.names.length > 0));
    for (const route of ordered) {
      const match = route.method === request.method ? route.pattern.exec(request.path) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]),
      );
      const answer = await route.handler(request, params);
      return jsonResponse(answer.status ?? 200, answer.body ?? null);
    }
    return jsonResponse(404, { message: `The route api/v2${request.path} could not be found.` });
  });
  vi.stubGlobal('fetch', fetchStub);
  const stub: ApiStub = {
    requests,
    fetch: fetchStub,
    on(method, path, handler) {
      const names: string[] = [];
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_all, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      routes.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}$`),
        names,
        handler: typeof handler === 'function' ? handler : () => handler,
      });
      return stub;
    },
    calls: (path, method = 'GET') =>
      requests.filter((request) => request.path === path && request.method === method),
  };
  return stub;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === null ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A Laravel paginated list body. */
export function laravelList<T>(
  data: T[],
  options: { total?: number; perPage?: number; page?: number; extraMeta?: object } = {},
) {
  const total = options.total ?? data.length;
  const perPage = options.perPage ?? Math.max(data.length, 1);
  const page = options.page ?? 1;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const pages = Array.from({ length: lastPage }, (_, index) => ({
    url: `http://x/api/v2?page=${index + 1}`,
    label: String(index + 1),
    active: index + 1 === page,
  }));
  return {
    data,
    links: { first: null, last: null, prev: null, next: null },
    meta: {
      current_page: page,
      from: data.length ? (page - 1) * perPage + 1 : null,
      last_page: lastPage,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        ...pages,
        { url: null, label: 'Next &raquo;', active: false },
      ],
      path: 'http://x/api/v2',
      per_page: perPage,
      to: data.length ? (page - 1) * perPage + data.length : null,
      total,
      ...options.extraMeta,
    },
  };
}

export function formEntries(body: unknown): Record<string, string> {
  if (!(body instanceof FormData)) throw new Error('Expected a multipart body');
  const entries: Record<string, string> = {};
  body.forEach((value, key) => {
    entries[key] = typeof value === 'string' ? value : `file:${(value as File).name}`;
  });
  return entries;
}

export const aliceUser: SessionUser = {
  id: 2,
  name: 'Alice Manager',
  username: 'alice',
  email: 'alice@acme.test',
  profile_image: null,
  admin: false,
  abilities: [...ABILITIES],
  licenses: ['hatch', 'design_and_sales'],
  autodesk_connected: true,
  autodesk_scope_outdated: false,
  autodesk_integration: false,
  preferences: {},
};

/** An i18next instance with the English texts of the areas under test (no HTTP backend in jsdom). */
export function testI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'dashboard', 'notifications', 'search'],
    defaultNS: 'common',
    resources: {
      en: { common: {}, dashboard: enDashboard, notifications: enNotifications, search: enSearch },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

export interface LiveStub {
  provider: LiveProvider;
  subscriptions: { channel: string; types: string[]; callback: (event: LiveEvent) => void }[];
  emit(channel: string, type: string, payload: Record<string, unknown>): void;
}

/** The edge of realtime: a liveProvider that records subscriptions and lets the test deliver events. */
export function stubLive(): LiveStub {
  const subscriptions: LiveStub['subscriptions'] = [];
  return {
    subscriptions,
    provider: {
      subscribe: ({ channel, types, callback }) => {
        const subscription = { channel, types, callback };
        subscriptions.push(subscription);
        return subscription;
      },
      unsubscribe: (subscription: LiveStub['subscriptions'][number]) => {
        subscriptions.splice(subscriptions.indexOf(subscription), 1);
      },
    },
    emit(channel, type, payload) {
      for (const subscription of subscriptions.filter(
        (item) => item.channel === channel && item.types.includes(type),
      )) {
        subscription.callback({ channel, type, payload, date: new Date() });
      }
    },
  };
}

/**
 * A GET handler answering `answer()` each time but the second, which stays unanswered until `release` (a refetch
 * a test holds in flight, e.g. after a live event); `reads()` counts the requests so far.
 */
export function holdingSecondRead(answer: () => StubAnswer) {
  let reads = 0;
  let release: (answer: StubAnswer) => void = () => undefined;
  return {
    reads: () => reads,
    release: () => release(answer()),
    handler: (): StubAnswer | Promise<StubAnswer> => {
      reads += 1;
      if (reads !== 2) return answer();
      return new Promise((resolve) => {
        release = resolve;
      });
    },
  };
}

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  user?: SessionUser | null;
  path?: string;
  live?: LiveStub;
  /** 'auto' as in the portal (src/shell/RefineRoot.tsx): a live event refreshes every query it concerns. */
  liveMode?: 'auto' | 'off';
  /** Routes besides the element under test (which is mounted at `*`). */
  routePath?: string;
  i18n?: I18n;
}

/** Signs the user in through the portal's session store (what useAuthorization reads), or signs out. */
export function signInAs(user: SessionUser | null): void {
  if (!user) return session.signOut();
  session.signIn(
    { access_token: 'token-123', token_type: 'Bearer', expires_at: '2099-01-01T00:00:00Z', user },
    false,
  );
}

export const acmeTenant: Tenant = {
  id: 1,
  name: 'Acme Visuals',
  logo: null,
  sub_domain: 'acme',
  colors: { primary_color: '#1f6feb', primary_accent: '#58a6ff80', is_default: false },
};

/** The element inside <Refine> with the real data provider, the signed-in user and a memory router. */
export function RefineHarness({
  children,
  user = aliceUser,
  path = '/',
  live,
  liveMode = 'off',
  routePath = '*',
  i18n = testI18n(),
}: PropsWithChildren<RenderOptions>): ReactNode {
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: async () => user,
  };
  return (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntdApp>
            <Refine
              routerProvider={routerProvider}
              dataProvider={createDataProvider()}
              authProvider={authProvider}
              liveProvider={live?.provider}
              options={{
                disableTelemetry: true,
                liveMode,
                reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
              }}
            >
              <Routes>
                <Route path={routePath} element={children} />
                {routePath !== '*' && <Route path="*" element={<LocationProbe />} />}
              </Routes>
            </Refine>
          </AntdApp>
        </ConfigProvider>
      </MemoryRouter>
    </I18nextProvider>
  );
}

/** Signs `user` in (and sets the acme tenant), then renders `element` in the harness. */
export function renderInPortal(element: ReactNode, options: RenderOptions = {}) {
  const user = options.user === undefined ? aliceUser : options.user;
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  return render(
    <RefineHarness {...options} user={user}>
      {element}
    </RefineHarness>,
  );
}
