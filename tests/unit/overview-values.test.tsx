/**
 * Overviews show values, not developer fields (issue 31): a colour as a swatch with its name (where it has one)
 * and value, a flag as a check or a cross and never 'true'/'false' or JSON, and no internal flags such as
 * 'Deletable' among a record's details (whether it may be deleted shows on its Delete button).
 */
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { declaredOverviewPage } from '@/pages/show/OverviewPage';
import { type CellContext, renderCell } from '@/components/cells';
import libraryItemOverview from '@/resources/library-items/library-items.overview';
import { libraryItems } from '@/resources/library-items/library-items.resource';
import materialOverview from '@/resources/materials/materials.overview';
import { materials } from '@/resources/materials/materials.resource';
import type { CellKind } from '@/declarations/types';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { oakMaterial } from './support/material-records';

const LibraryItemOverviewPage = declaredOverviewPage(libraryItemOverview);
const MaterialOverviewPage = declaredOverviewPage(materialOverview);

const context: CellContext = { language: 'en', describe: (value) => String(value ?? '') };

function cell(kind: CellKind, value: unknown, language = 'en') {
  const shown: ReactNode = renderCell(kind, value, { ...context, language });
  return render(<I18nextProvider i18n={portalI18n(language)}>{shown}</I18nextProvider>);
}

describe('declared values on an overview', () => {
  it('shows a colour as a swatch with its name and value', () => {
    const { container, unmount } = cell('color', '#52C41A');
    expect(container).toHaveTextContent('Green#52C41A');
    expect(container.querySelector<HTMLElement>('.cell-color__swatch')!.style.background).toBe(
      'rgb(82, 196, 26)',
    );
    unmount();
    expect(cell('color', '#8c8c8c', 'nl').container).toHaveTextContent('Grijs#8c8c8c');
  });

  it('shows a colour without a name as its swatch and value alone', () => {
    const { container } = cell('color', '#123456');
    expect(container.textContent).toBe('#123456');
    expect(container.querySelector('.cell-color__swatch')).not.toBeNull();
  });

  it('never shows a flag as true or false, nor an object as JSON', () => {
    const { container, unmount } = cell('text', true);
    expect(screen.getByRole('img', { name: 'Yes' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent('true');
    unmount();
    expect(cell('text', false).container).not.toHaveTextContent('false');
    expect(screen.getByRole('img', { name: 'No' })).toBeInTheDocument();
    const object = cell('text', { id: 3, name: 'Oak' }).container;
    expect(object.textContent).toBe('');
  });
});

const item = {
  id: 5,
  name: 'Oak chair',
  description: 'A chair.',
  status: 'QUEUED',
  status_color: '#8c8c8c',
  preview_image_url: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:02:00.000Z',
  started_at: null,
  finished_at: null,
  deleted_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' },
  library_ids: [2],
  libraries: [{ id: 2, name: 'Furniture' }],
  is_deletable: true,
  deletable: true,
  file: { name: 'oak-chair.zip', size: 3_000_000 },
  geometry_events: [{ message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' }],
  viewer_model_url: null,
  statistics: null,
};

const oak = { ...oakMaterial, deletable: false, updated_at: '2026-01-01T10:00:00.000Z' };

function renderAt(path: string) {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  render(
    <RefineHarness path={path} live={stubLive()} user={aliceUser} i18n={portalI18n('en')}>
      <Routes>
        <Route
          path="/libraries/items/overview/:itemId"
          element={<LibraryItemOverviewPage resource={libraryItems} action="show" />}
        />
        <Route
          path="/materials/overview/:materialName"
          element={<MaterialOverviewPage resource={materials} action="show" />}
        />
      </Routes>
    </RefineHarness>,
  );
}

const labels = () =>
  [...document.querySelectorAll('.ant-descriptions-item-label')].map((label) => label.textContent);

describe('the overviews show no internal flags', () => {
  it("a library item's: no 'Deletable', its status colour named", async () => {
    stubApi().on('GET', '/libraries/items/:id', { body: { data: item } });
    renderAt('/libraries/items/overview/5');
    await screen.findByRole('heading', { name: 'Oak chair' });
    expect(labels()).toContain('Libraries');
    expect(labels()).not.toContain('Deletable');
    expect(screen.getByText('#8c8c8c').parentElement).toHaveTextContent('Grey#8c8c8c');
  });

  it("a material's: no 'Deletable' (its Delete button says why it cannot be deleted)", async () => {
    stubApi()
      .on('GET', '/materials/:name', { body: { data: oak } })
      .on('GET', '/materials', { body: laravelList([]) });
    renderAt('/materials/overview/Oak');
    await screen.findByRole('heading', { name: 'Oak' });
    expect(labels()).toContain('Categories');
    expect(labels()).not.toContain('Deletable');
    expect(screen.queryByText('Yes')).toBeNull();
    expect(screen.queryByText('No')).toBeNull();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
  });

  it("a material's status is the one status badge of the lists and the other overviews", async () => {
    stubApi()
      .on('GET', '/materials/:name', { body: { data: oak } })
      .on('GET', '/materials', { body: laravelList([]) });
    renderAt('/materials/overview/Oak');
    await screen.findByRole('heading', { name: 'Oak' });
    // Beside the title and among the details (tests/unit/overview-layout.test.tsx).
    const badges = screen.getAllByText('Active', { selector: '.status-badge' });
    expect(badges).toHaveLength(2);
    for (const badge of badges) expect(badge.style.getPropertyValue('--status-color')).toBe('#52c41a');
  });
});
