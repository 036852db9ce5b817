/**
 * Issue 33, the palette's Recent from anywhere: a screen or a record overview entered by any way (here the router,
 * as a link or the side navigation would) comes back under Recent, newest first, each once, the screen by its name
 * in the language of the moment and the record by its name as its overview loaded it.
 */
import { act, screen, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine } from '@refinedev/core';
import { useShow } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '@/providers/data-provider';
import { CommandPaletteLauncher } from '@/shell/command-palette/CommandPaletteLauncher';
import { RememberVisits } from '@/shell/command-palette/RememberVisits';
import { ROUTE_TABLE } from '@/shell/routes/route-table';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, laravelList, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

/** The real route-table entry of a path (its screen name and, for an overview, its declaration). */
const entryOf = (path: string) => {
  const entry = ROUTE_TABLE.find((item) => item.path === path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry;
};

/** An overview as every overview asks for its record (refine's useShow), showing its name once loaded. */
function Overview() {
  const { projectId: id } = useParams();
  const { result } = useShow<{ id: number; name: string }>({ resource: 'projects', id });
  return <h1>{result?.name ?? 'Loading'}</h1>;
}

function renderShell(path: string) {
  const i18n = portalI18n('en');
  const router = createMemoryRouter(
    [
      {
        element: (
          <Refine
            routerProvider={routerProvider}
            dataProvider={createDataProvider()}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <RememberVisits />
            <CommandPaletteLauncher />
            <Outlet />
          </Refine>
        ),
        children: [
          { path: 'projects', element: <h1>Projects</h1>, handle: { entry: entryOf('projects') } },
          {
            path: 'tools/labels',
            element: <h1>Labels</h1>,
            handle: { entry: entryOf('tools/labels') },
          },
          {
            path: 'projects/overview/:projectId',
            element: <Overview />,
            handle: { entry: entryOf('projects/overview/:projectId') },
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, i18n };
}

async function recentEntries(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog');
  const recent = within(dialog).getByRole('group', { name: 'Recent' });
  const entries = within(recent)
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return entries;
}

beforeAll(() => {
  // jsdom has no layout: cmdk scrolls the selected item into view.
  Element.prototype.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  localStorage.clear();
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
});

afterEach(() => {
  vi.unstubAllGlobals();
  signInAs(null);
});

describe("the palette's Recent", () => {
  it('keeps the screens and record overviews entered by any way, newest first, each once', async () => {
    const api = stubApi()
      .on('GET', '/projects/:id', { body: { data: { id: 7, name: 'Harbour Tower' } } })
      .on('GET', '/projects', { body: laravelList([]) });
    const user = userEvent.setup();
    const { router, i18n } = renderShell('/projects');
    await screen.findByRole('heading', { name: 'Projects' });

    await act(() => router.navigate('/projects/overview/7'));
    await screen.findByRole('heading', { name: 'Harbour Tower' });
    await act(() => router.navigate('/tools/labels'));
    await act(() => router.navigate('/projects'));
    await screen.findByRole('heading', { name: 'Projects' });
    // No request of its own: the overview's one call for its record.
    expect(api.calls('/projects/7')).toHaveLength(1);

    expect(await recentEntries(user)).toEqual(['ProjectsScreen', 'LabelsScreen', 'Harbour TowerProjects']);

    // Screens are named in the language of the moment.
    await act(() => i18n.changeLanguage('nl'));
    expect(await recentEntries(user)).toEqual(['ProjectenScherm', 'LabelsScherm', 'Harbour TowerProjecten']);
  });
});
