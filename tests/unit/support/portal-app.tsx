/**
 * Renders the real portal (routes, guards, refine and its providers, layout) in jsdom at a path, with the
 * English and Dutch texts loaded from public/locales and the API answered at the edge (fetch).
 */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AuthResponse, SessionUser } from '@shared/session';
import { session } from '@/providers/session';
import { patchSignedInRoutes, portalRoutes } from '@/shell/routes/routes';
import { ShellStates } from '@/shell/states/ShellStates';
import { ShellTheme } from '@/shell/tenant/ShellTheme';

// The portal loads its screens when a route first needs them; loading them here keeps a test's waiting about
// rendering, not about transforming refine and antd on first use.
await Promise.all([
  import('@/shell/RefineRoot'),
  import('@/shell/routes/signed-in-routes'),
  import('@/shell/layout/ShellLayout'),
  import('@/shell/login/LoginPage'),
]);

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../../../public/locales/*/*.json', {
  eager: true,
});

export function portalI18n(language = 'en'): I18n {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, module] of Object.entries(locales)) {
    const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!;
    (resources[lng] ??= {})[ns] = module.default;
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

export const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 2,
  name: 'Alice Anders',
  username: 'alice',
  email: 'alice@acme.test',
  profile_image: null,
  admin: false,
  abilities: [],
  licenses: ['hatch', 'design_and_sales'],
  autodesk_connected: true,
  autodesk_scope_outdated: false,
  autodesk_integration: false,
  preferences: {},
  ...overrides,
});

export function signIn(sessionUser: SessionUser, remember = true): void {
  const auth: AuthResponse = {
    access_token: `token-${sessionUser.id}`,
    token_type: 'Bearer',
    expires_at: '2030-01-01T00:00:00Z',
    user: sessionUser,
  };
  session.signIn(auth, remember);
}

/** Answers every API call: a path's answer from the table, `{data: []}` otherwise; records the paths asked. */
export function stubApi(answers: Record<string, (init?: RequestInit) => Response> = {}) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const path = url.pathname.replace(/^\/api\/v2/, '');
      paths.push(path);
      const answer = answers[path];
      return answer ? answer(init) : Response.json({ data: [] });
    }),
  );
  return paths;
}

export function renderPortal(path: string, i18n: I18n = portalI18n()) {
  const router = createMemoryRouter(portalRoutes, {
    initialEntries: [path],
    patchRoutesOnNavigation: patchSignedInRoutes,
  });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ShellTheme>
        <ShellStates>
          <RouterProvider router={router} />
        </ShellStates>
      </ShellTheme>
    </I18nextProvider>,
  );
  return { ...view, router, i18n };
}
