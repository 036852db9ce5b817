/**
 * A project's model management (/projects/manage/{id}), a second screen of the project declared for the generic
 * overview page (src/resources/projects/projects.manage.tsx): its own header action (back to the project) in place
 * of the project overview's, the upload zone for a user who may create models, and the project's models as the
 * models' declared list, asked for with the project's filter, each row with its menu.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { declaredOverviewPage } from '@/pages/show/OverviewPage';
import manageScreen from '@/resources/projects/projects.manage';
import { projects } from '@/resources/projects/projects.resource';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  LocationProbe,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const facade = {
  id: 31,
  name: 'Harbour Tower – Facade',
  description: null,
  status: 'FINISHED',
  status_color: '#52c41a',
  preview_image_url: null,
  uploader_name: 'Ada Admin',
  latest_geometry_event: { message: 'Processing finished', created_at: '2026-11-30T01:12:00.000Z' },
  created_at: '2026-11-30T00:42:00.000Z',
  updated_at: '2026-11-30T01:12:00.000Z',
  started_at: '2026-11-30T00:42:00.000Z',
  finished_at: '2026-11-30T01:12:00.000Z',
  project_id: 7,
};

function renderManage(user = aliceUser) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  const api = stubApi()
    .on('GET', '/projects/:id', {
      body: { data: { id: 7, name: 'Harbour Tower', models: [], sub_projects: [] } },
    })
    .on('GET', '/projects/models', { body: laravelList([facade]) });
  const Page = declaredOverviewPage(manageScreen);
  render(
    <RefineHarness path="/projects/manage/7" live={stubLive()} user={user} i18n={portalI18n('en')}>
      <LocationProbe />
      <Routes>
        <Route path="/projects/manage/:projectId" element={<Page resource={projects} action="show" />} />
      </Routes>
    </RefineHarness>,
  );
  return api;
}

describe("a project's model management", () => {
  it('lists the project’s models with their menu, offers the upload, and leads back to the project', async () => {
    const api = renderManage();

    expect(await screen.findByRole('heading', { level: 1, name: /Manage models/ })).toBeVisible();
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByRole('link', { name: 'Harbour Tower' })).toHaveAttribute(
      'href',
      '/projects/overview/7',
    );
    // The screen's own header action, not the project overview's Edit, Delete or Duplicate.
    for (const name of ['Edit', 'Delete', 'Duplicate']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('region', { name: 'Upload new models' })).toBeVisible();

    const row = await screen.findByRole('row', { name: /Harbour Tower – Facade/ });
    expect(within(row).getByText('Finished')).toBeVisible();
    expect(within(row).getByText('Processing finished')).toBeVisible();
    expect(api.calls('/projects/models').map((request) => request.query.get('filter[project_id]'))).toEqual([
      '7',
    ]);
    // No create button in the list: the upload above creates the models.
    expect(screen.queryByRole('button', { name: /New Model/ })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Harbour Tower – Facade' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Open', 'Edit', 'Reprocess', 'Delete']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Back to the project' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects\/overview\/7$/),
    );
  });

  it('offers no upload to a user who may not create models', async () => {
    renderManage({
      ...aliceUser,
      abilities: aliceUser.abilities.filter((ability) => ability !== 'create-project-models'),
    });
    expect(await screen.findByRole('row', { name: /Harbour Tower – Facade/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Upload new models' })).toBeNull();
  });
});
