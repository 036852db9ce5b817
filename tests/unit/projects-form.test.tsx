/**
 * The project forms on the generic form page (spec 2 §Projects): a sub-project sends the parent its route presets,
 * a saved project opens its overview, a server validation error shows under its field with its tab opened, a change
 * made elsewhere shows until the user types (then what they typed stays), and Save stays usable while the record is
 * fetched again in the background.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ResourceFormPage from '@/pages/form/ResourceFormPage';
import { projects } from '@/resources/projects/projects.resource';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  formEntries,
  laravelList,
  RefineHarness,
  signInAs,
  holdingSecondRead,
  renderInPortal,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const harbour = {
  id: 1,
  parent_id: null,
  status: 'active',
  preview_image: null,
  name: 'Harbour Tower',
  description: 'Visualisation for Van Dijk Development.',
  labels: [{ id: 3, name: 'Residential', color: '#52c41a' }],
  users: [],
  created_at: '2025-06-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  is_favorited: false,
  sub_projects: [],
  models: [],
};

let api: ApiStub;
beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  api = stubApi()
    .on('GET', '/projects/team-options', { body: laravelList([{ id: 2, name: 'Alice Anders' }]) })
    .on('GET', '/labels', { body: laravelList([{ id: 3, name: 'Residential', color: '#52c41a' }]) });
});

const subProjectPresets = (params: Record<string, string | undefined>) => ({
  parent_id: Number(params.projectId),
});

/** The New Project form on its own route. */
const renderNewProject = () =>
  render(
    <RefineHarness path="/projects/create" routePath="/projects/create" i18n={portalI18n('en')}>
      <ResourceFormPage resource={projects} action="create" />
    </RefineHarness>,
  );

describe('the project form', () => {
  it('creates a sub-project under the project of its route and opens the new overview', async () => {
    api.on('POST', '/projects', { status: 201, body: { data: { ...harbour, id: 40, parent_id: 1 } } });
    const user = userEvent.setup();
    render(
      <RefineHarness
        path="/projects/create/1"
        routePath="/projects/create/:projectId"
        i18n={portalI18n('en')}
      >
        <ResourceFormPage resource={projects} action="create" presets={subProjectPresets} />
      </RefineHarness>,
    );
    await user.type(await screen.findByLabelText('Name'), 'Lobby Fit-out Phase 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/40');
    const [created] = api.calls('/projects', 'POST');
    expect(created.body).toMatchObject({ name: 'Lobby Fit-out Phase 2', parent_id: 1, status: 'active' });
  });

  it('sends one write for a double click: Save is busy from the first press until the answer', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST', '/projects', async () => {
      await answered;
      return { status: 201, body: { data: { ...harbour, id: 41 } } };
    });
    const user = userEvent.setup();
    renderNewProject();
    await user.type(await screen.findByLabelText('Name'), 'Twice clicked');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls('/projects', 'POST')).toHaveLength(1));
    expect(save).toBeDisabled();
    answer();
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/41');
    expect(api.calls('/projects', 'POST')).toHaveLength(1);
    expect(api.calls('/projects', 'POST')[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('frees Save again when the form’s own check fails', async () => {
    const user = userEvent.setup();
    renderNewProject();
    await screen.findByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await screen.findByText('Name is required');
    await waitFor(() => expect(save).toBeEnabled());
    expect(api.calls('/projects', 'POST')).toHaveLength(0);
  });

  it('keeps a pasted name that is too long as it is, says so under the field and saves nothing', async () => {
    const user = userEvent.setup();
    renderNewProject();
    const name = await screen.findByLabelText('Name');
    await user.click(name);
    await user.paste('x'.repeat(300));
    expect(name).toHaveValue('x'.repeat(300));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await screen.findByText('Name may not be longer than 255 characters');
    expect(api.calls('/projects', 'POST')).toHaveLength(0);
  });

  it('shows a server validation error under its field and opens the tab holding it', async () => {
    api.on('GET', '/projects/:id', { body: { data: harbour } }).on('POST', '/projects/:id', {
      status: 422,
      body: {
        message: 'The preview image field must be a file of type: jpeg, png, bmp.',
        errors: { preview_image: ['The preview image field must be a file of type: jpeg, png, bmp.'] },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    render(
      <RefineHarness
        path="/projects/edit/1?tab=2"
        routePath="/projects/edit/:projectId"
        i18n={portalI18n('en')}
      >
        <ResourceFormPage resource={projects} action="edit" />
      </RefineHarness>,
    );
    const previewTab = await screen.findByRole('tab', { name: 'Preview image' });
    expect(previewTab).toHaveAttribute('aria-selected', 'true');
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      // A picture by its name and type that the server refuses by its content (the control refuses other types).
      new File(['not an image'], 'broken.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Harbour Tower'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(previewTab).toHaveAttribute('aria-selected', 'true'));
    const panel = screen.getByRole('tabpanel', { name: 'Preview image' });
    expect(
      await within(panel).findByText('The preview image field must be a file of type: jpeg, png, bmp.'),
    ).toBeInTheDocument();
    const [sent] = api.calls('/projects/1', 'POST');
    expect(formEntries(sent.body)).toMatchObject({
      _method: 'PATCH',
      name: 'Harbour Tower',
      preview_image: 'file:broken.png',
      'labels[0]': '3',
    });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows the names of chosen records the picker list does not hold', async () => {
    api.on('GET', '/projects/:id', {
      body: {
        data: {
          ...harbour,
          users: [{ id: 1, name: 'Ada Admin', function: null, email: 'a@x', profile_image: null }],
        },
      },
    });
    render(
      <RefineHarness
        path="/projects/edit/1?tab=team"
        routePath="/projects/edit/:projectId"
        i18n={portalI18n('en')}
      >
        <ResourceFormPage resource={projects} action="edit" />
      </RefineHarness>,
    );
    const team = await screen.findByRole('tabpanel', { name: 'Team' });
    await within(team).findByText('Ada Admin');
    expect(within(team).queryByText('1')).not.toBeInTheDocument();
  });

  /** The project as read first, then as someone else renamed it. */
  const renamedAfterFirstRead = () => {
    let reads = 0;
    return () => {
      reads += 1;
      return { body: { data: reads === 1 ? harbour : { ...harbour, name: 'Harbour Tower West' } } };
    };
  };
  const renderEditWithLive = () => {
    const live = stubLive();
    renderInPortal(<ResourceFormPage resource={projects} action="edit" />, {
      path: '/projects/edit/1',
      routePath: '/projects/edit/:projectId',
      live,
      liveMode: 'auto',
      i18n: portalI18n('en'),
    });
    return live;
  };

  it('keeps Save usable while the record is fetched again in the background', async () => {
    // The read after a live event about the project stays unanswered meanwhile.
    const projectRead = holdingSecondRead(() => ({ body: { data: harbour } }));
    api
      .on('GET', '/projects/:id', projectRead.handler)
      .on('PATCH', '/projects/:id', { body: { data: harbour } });
    const user = userEvent.setup();
    const live = renderEditWithLive();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Harbour Tower'));
    act(() => live.emit('resources/projects', '*', { ids: [1] }));
    await waitFor(() => expect(projectRead.reads()).toBe(2));

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(api.calls('/projects/1', 'PATCH')).toHaveLength(1));
    projectRead.release();
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/overview/1');
  });

  it('shows a change made elsewhere while the user has changed nothing', async () => {
    api.on('GET', '/projects/:id', renamedAfterFirstRead());
    const live = renderEditWithLive();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Harbour Tower'));
    act(() => live.emit('resources/projects', '*', { ids: [1] }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Harbour Tower West'));
  });

  it('keeps what the user typed when the project changes elsewhere, and saves it', async () => {
    api
      .on('GET', '/projects/:id', renamedAfterFirstRead())
      .on('PATCH', '/projects/:id', { body: { data: harbour } });
    const user = userEvent.setup();
    const live = renderEditWithLive();
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Harbour Tower'));
    await user.clear(name);
    await user.type(name, 'Harbour Tower Phase 2');
    await act(async () => live.emit('resources/projects', '*', { ids: [1] }));

    expect(name).toHaveValue('Harbour Tower Phase 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/projects/1', 'PATCH')).toHaveLength(1));
    expect(api.calls('/projects/1', 'PATCH')[0].body).toMatchObject({ name: 'Harbour Tower Phase 2' });
  });
});
