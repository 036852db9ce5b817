/**
 * Issue 42, progress while the next screen loads: a route change whose screen has not rendered after
 * `ROUTE_PROGRESS_DELAY_MS` (150 ms, so within the 200 ms) shows the 'Loading page' bar over the old
 * screen, and the bar goes once the new screen is shown; a quicker change shows nothing. The next screen's
 * route loads its code through the router's `lazy`, as the portal's pages do, held here until the test lets it
 * finish; the time is vitest's fake clock.
 */
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_PROGRESS_DELAY_MS, RouteProgress } from '@/shell/routes/RouteProgress';
import enCommon from '../../public/locales/en/common.json';
import nlCommon from '../../public/locales/nl/common.json';

function textsIn(language: 'en' | 'nl') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { common: enCommon }, nl: { common: nlCommon } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/** The projects list, from where 'New Project' leads to a form whose code arrives when `finishLoading` is called. */
function renderPortal(language: 'en' | 'nl' = 'en') {
  let finishLoading = () => {};
  const formLoaded = new Promise<void>((resolve) => {
    finishLoading = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteProgress />
            <Outlet />
          </>
        ),
        children: [
          { path: '/projects', element: <h1>Projects</h1> },
          {
            path: '/projects/create',
            lazy: async () => {
              await formLoaded;
              return { Component: () => <h1>Create Project</h1> };
            },
          },
        ],
      },
    ],
    { initialEntries: ['/projects'] },
  );
  render(
    <I18nextProvider i18n={textsIn(language)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  // The router commits the screen a few promise turns after its code arrived.
  const screenLoaded = () =>
    act(async () => {
      finishLoading();
      await vi.advanceTimersByTimeAsync(0);
    });
  return { router, finishLoading: screenLoaded };
}

const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a route change whose screen is not ready', () => {
  it('shows nothing at first, the bar over the old screen from the delay on, and no bar once the screen is shown', async () => {
    const { router, finishLoading } = renderPortal();
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeVisible();

    await act(async () => {
      void router.navigate('/projects/create');
    });
    await advance(ROUTE_PROGRESS_DELAY_MS - 1);
    expect(bar()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeVisible();

    await advance(1);
    expect(bar()).toBeVisible();
    expect(ROUTE_PROGRESS_DELAY_MS).toBeLessThanOrEqual(200);
    // The old screen stays while the new one loads.
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeVisible();

    await finishLoading();
    expect(screen.getByRole('heading', { name: 'Create Project' })).toBeVisible();
    expect(bar()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Projects' })).toBeNull();
  });

  it('shows nothing when the screen is ready within the delay', async () => {
    const { router, finishLoading } = renderPortal();
    await act(async () => {
      void router.navigate('/projects/create');
    });
    await advance(ROUTE_PROGRESS_DELAY_MS - 50);
    expect(bar()).toBeNull();
    await finishLoading();
    expect(screen.getByRole('heading', { name: 'Create Project' })).toBeVisible();

    await advance(ROUTE_PROGRESS_DELAY_MS);
    expect(bar()).toBeNull();
  });

  it('names the bar in Dutch', async () => {
    const { router } = renderPortal('nl');
    await act(async () => {
      void router.navigate('/projects/create');
    });
    await advance(ROUTE_PROGRESS_DELAY_MS);
    expect(screen.getByRole('progressbar', { name: 'Pagina wordt geladen' })).toBeVisible();
  });
});
