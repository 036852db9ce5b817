/**
 * The declared header actions of an overview (issue 43, `useOverviewActions`), with the real data provider over a
 * stubbed API: what a user may not do is left out or disabled with why (and never offered to the command palette),
 * a confirmed action runs once, a cancelled one not at all, and an action without a confirmation runs at once.
 * The library item's and the material's declarations are the ones under test.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BaseRecord } from '@refinedev/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerCommands } from '@/components/header-commands';
import { PageHeader } from '@/components/PageHeader';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResultBanner } from '@/components/useResultBanner';
import type { ResourceDeclaration } from '@/declarations/types';
import { libraryItems } from '@/resources/library-items/library-items.resource';
import { materials } from '@/resources/materials/materials.resource';
import { aliceUser, type ApiStub, renderInPortal, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

/** An overview's header and banner for one record, as the overview pages render them. */
function Overview({ resource, record }: { resource: ResourceDeclaration; record: BaseRecord }) {
  const { banner, show, dismiss } = useResultBanner();
  const { actions, dialogs } = useOverviewActions(resource, show);
  return (
    <>
      <PageHeader title={String(record.name)} actions={actions(record)} />
      <ResultBanner banner={banner} onClose={dismiss} />
      {dialogs}
    </>
  );
}

const lamp = {
  id: 5,
  name: 'Lamp',
  status: 'FINISHED',
  deletable: true,
  libraries: [{ id: 2, name: 'Lights' }],
};
const oak = { id: 9, name: 'Oak', status: 'ACTIVE', deletable: true };

const headerButtons = () =>
  within(screen.getByRole('banner'))
    .getAllByRole('button')
    .map((button) => button.textContent);

function renderOverview(resource: ResourceDeclaration, record: BaseRecord, user = aliceUser) {
  renderInPortal(<Overview resource={resource} record={record} />, {
    user,
    i18n: portalI18n('en'),
    routePath: '/overview',
    path: '/overview',
  });
  return screen.findByRole('heading', { name: String(record.name) });
}

describe('the declared overview actions', () => {
  let api: ApiStub;
  beforeEach(() => {
    api = stubApi();
  });
  afterEach(cleanup);

  it('offers every action the user may take, in the header order, each to the palette too', async () => {
    await renderOverview(libraryItems, lamp);
    expect(headerButtons()).toEqual(['Reprocess', 'Archive', 'Share', 'Delete', 'Edit']);
    for (const name of ['Reprocess', 'Archive', 'Share', 'Delete', 'Edit']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(headerCommands().map((command) => command.label)).toEqual([
      'Reprocess',
      'Archive',
      'Share',
      'Delete',
      'Edit',
    ]);
  });

  it('leaves out what the user may not do and disables Delete with why, offering the palette none of it', async () => {
    const viewer = { ...aliceUser, abilities: ['list-libraries', 'list-library-items'] };
    await renderOverview(libraryItems, lamp, viewer);
    expect(headerButtons()).toEqual(['Delete']);
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(/.+/);
    expect(headerCommands()).toEqual([]);
  });

  it("disables what the record does not allow with the declaration's reason", async () => {
    await renderOverview(libraryItems, { ...lamp, status: 'PROCESSING', deletable: false });
    expect(screen.getByRole('button', { name: 'Reprocess' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reprocess' })).toHaveAccessibleDescription(
      'Only finished or failed items can be reprocessed',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'This item is still connected to a model',
    );
    expect(headerCommands().map((command) => command.label)).toEqual(['Archive', 'Share', 'Edit']);
  });

  it('runs a confirmed action once and reports it; a cancelled one not at all', async () => {
    api.on('PATCH', '/libraries/items/:id', { body: { data: { ...lamp, status: 'ARCHIVED' } } });
    const user = userEvent.setup();
    await renderOverview(libraryItems, lamp);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(dialog).toHaveTextContent('Are you sure you want to archive this item?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/libraries/items/5', 'PATCH')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Lamp Archived...');
    expect(api.calls('/libraries/items/5', 'PATCH').map((request) => request.body)).toEqual([
      { archived: true },
    ]);
  });

  it('runs an action without a confirmation at once, and shows a refusal in the banner', async () => {
    api.on('PATCH', '/materials/:name', { status: 422, body: { message: 'The material is locked.' } });
    const user = userEvent.setup();
    await renderOverview(materials, oak);
    // Share: a material's link (issue 46).
    expect(headerButtons()).toEqual(['New Variant', 'Duplicate', 'Archive', 'Share', 'Delete', 'Edit']);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The material is locked.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/materials/Oak', 'PATCH').map((request) => request.body)).toEqual([
      { name: 'Oak', archived: true },
    ]);
  });

  it("duplicates and goes to the copy's overview", async () => {
    api.on('POST', '/materials/:name/duplicate', { body: { data: { ...oak, id: 10, name: 'Oak (copy)' } } });
    const user = userEvent.setup();
    await renderOverview(materials, oak);

    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/materials/overview/Oak%20(copy)');
    expect(api.calls('/materials/Oak/duplicate', 'POST')).toHaveLength(1);
  });
});
