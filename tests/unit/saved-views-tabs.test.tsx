/**
 * Saved views on the lists shown as tabs (issue 33): the processor's and the recycling bin's title bar has the
 * open tab's 'Views' menu, each tab's views kept apart (their own list key), the picked view applied to that tab's
 * URL state, and a tab opening in the user's default view of it.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import type { SessionUser } from '@shared/session';
import ProcessorPage from '@/pages/processor/ProcessorPage';
import RecyclingBinPage from '@/pages/recycling-bin/RecyclingBinPage';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const BY_NAME: SavedViewStateValue = { filters: {}, sort: 'name', per_page: 25, view: 'list' };

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}
const location = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

function renderPage(page: 'processor' | 'bin', path: string, user: SessionUser = aliceUser) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  render(
    <RefineHarness path={path} user={user} i18n={portalI18n('en')}>
      {page === 'processor' ? <ProcessorPage /> : <RecyclingBinPage />}
      <Location />
    </RefineHarness>,
  );
}

/** The lists the Views menus asked for their views. */
const viewsAskedFor = (api: ApiStub) =>
  api.calls('/saved-views').map((request) => request.query.get('filter[list]'));

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Views' }));
  return screen.findByRole('menu');
}

let api: ApiStub;
beforeEach(() => {
  sessionStorage.clear();
  api = stubApi()
    .on('GET', '/projects/models', { body: laravelList([]) })
    .on('GET', '/libraries/items', { body: laravelList([]) })
    .on('GET', '/materials', { body: laravelList([]) })
    .on('GET', '/projects', { body: laravelList([]) })
    .on('GET', '/saved-views', (request) => ({
      body: laravelList([
        {
          id: 3,
          list: request.query.get('filter[list]'),
          name: 'By name',
          state: BY_NAME,
          is_default: false,
          created_at: '2026-11-27T10:00:00Z',
          updated_at: '2026-11-27T10:00:00Z',
        },
      ]),
    }));
});
afterEach(() => vi.unstubAllGlobals());

describe("the processor's Views menu", () => {
  it("is the open tab's: each tab's views apart, a picked one applied to that tab", async () => {
    const user = userEvent.setup();
    renderPage('processor', '/processor');
    const menu = await openViews(user);
    expect(viewsAskedFor(api)).toEqual(['projects/models:models']);
    await user.click(await within(menu).findByRole('menuitemradio', { name: 'By name' }));
    await waitFor(() => expect(location().get('models.sort')).toBe('name'));
    expect(location().get('models.per_page')).toBe('25');

    await user.click(screen.getByRole('tab', { name: 'Items' }));
    await openViews(user);
    expect(viewsAskedFor(api).at(-1)).toBe('libraries/items:items');
  });

  it("opens a tab in the user's default view of it", async () => {
    renderPage('processor', '/processor?tab=items', {
      ...aliceUser,
      default_views: { 'libraries/items:items': BY_NAME },
    });
    await waitFor(() => expect(api.calls('/libraries/items').length).toBeGreaterThan(0));
    expect(api.calls('/libraries/items')[0].query.get('sort')).toBe('name');
    expect(api.calls('/libraries/items')[0].query.get('per_page')).toBe('25');
  });
});

describe("the recycling bin's Views menu", () => {
  it("is the open tab's, its views apart from the resource's own list", async () => {
    const user = userEvent.setup();
    renderPage('bin', '/tools/trash');
    const menu = await openViews(user);
    expect(viewsAskedFor(api)).toEqual(['trash:projects']);
    await user.click(await within(menu).findByRole('menuitemradio', { name: 'By name' }));
    await waitFor(() => expect(location().get('projects.sort')).toBe('name'));
    await waitFor(() => expect(api.calls('/projects').at(-1)?.query.get('per_page')).toBe('25'));
  });
});
