/**
 * "A second entity by declaration alone": an entity declared only with `defineResource` (no page code of its own)
 * gets the generic list (rows, sorting, row menu with delete and its banner) and the generic form (create, with
 * the server's validation under the field), the same pages the projects use.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ResourceFormPage from '@/pages/form/ResourceFormPage';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { defineResource } from '@/resources/types';
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

interface Label {
  id: number;
  name: string;
  color: string;
  created_at: string;
}

// Texts from an existing namespace: a real entity would bring its own public/locales/{en,nl}/<ns>.json.
const labels = defineResource<Label>({
  name: 'labels',
  ns: 'projects',
  screen: 'labels',
  idParam: 'labelId',
  routes: { list: 'tools/labels', create: 'tools/labels/create', edit: 'tools/labels/edit/:labelId' },
  permission: { ability: 'list-labels' },
  actions: { create: { ability: 'create-labels' }, delete: { ability: 'delete-labels' } },
  list: {
    sortKey: 'tools_labels',
    defaultSort: '-created_at',
    pageSize: 5,
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at' },
    ],
  },
  form: { fields: [{ name: 'name', labelKey: 'fields.name', kind: 'text', required: true }] },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'label_name' },
});

const rows = [
  { id: 1, name: 'Urgent', color: '#f5222d', created_at: '2026-01-02T10:00:00.000Z' },
  { id: 2, name: 'Concept', color: '#722ed1', created_at: '2026-01-01T10:00:00.000Z' },
];

let api: ApiStub;
beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  api = stubApi().on('GET', '/labels', { body: laravelList(rows, { perPage: 5 }) });
});

describe('an entity declared once', () => {
  it('is listed, sorted and deleted by the generic list page', async () => {
    api.on('DELETE', '/labels/:id', { body: { label_name: 'Urgent', status: 'successfully deleted' } });
    const user = userEvent.setup();
    render(
      <RefineHarness path="/tools/labels" routePath="/tools/labels" i18n={portalI18n('en')}>
        <ResourceListPage resource={labels} action="list" />
      </RefineHarness>,
    );
    expect(await screen.findByText('Urgent')).toBeInTheDocument();
    expect(api.calls('/labels')[0].query.get('sort')).toBe('-created_at');
    expect(screen.getByRole('button', { name: 'New Project' })).toBeInTheDocument();

    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(api.calls('/labels').at(-1)!.query.get('sort')).toBe('name'));

    await user.click(screen.getByRole('button', { name: 'Actions for Urgent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Are you sure you want to delete this project/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Urgent successfully deleted');
    expect(api.calls('/labels/1', 'DELETE')).toHaveLength(1);
  });

  it('is created through the generic form, with server validation under the field', async () => {
    api.on('POST', '/labels', {
      status: 422,
      body: {
        message: 'The name has already been taken.',
        errors: { name: ['The name has already been taken.'] },
      },
    });
    const user = userEvent.setup();
    render(
      <RefineHarness path="/tools/labels/create" routePath="/tools/labels/create" i18n={portalI18n('en')}>
        <ResourceFormPage resource={labels} action="create" />
      </RefineHarness>,
    );
    await user.type(await screen.findByLabelText('Name'), 'Urgent');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
    expect(api.calls('/labels', 'POST')[0].body).toEqual({ name: 'Urgent' });
  });

  it('hides what the user may not do', async () => {
    signInAs({ ...aliceUser, abilities: ['list-labels'] });
    render(
      <RefineHarness path="/tools/labels" routePath="/tools/labels" i18n={portalI18n('en')}>
        <ResourceListPage resource={labels} action="list" />
      </RefineHarness>,
    );
    expect(await screen.findByText('Urgent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});
