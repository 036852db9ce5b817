/**
 * The model overview (spec 2 §Models, §4, §8) with the real data provider over a stubbed API and pushes delivered
 * at the edge of realtime: live status in place, refresh on RefreshProcessorIndex, reprocess and delete with their
 * confirmations, and the project overview showing the delete banner.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declaredOverviewPage } from '@/pages/show/OverviewPage';
import { formatDate } from '@/components/cells';
import { CHANNEL_SUBSCRIBED } from '@/providers/live-provider';
import { models } from '@/resources/models/models.resource';
import modelOverview from '@/resources/models/models.overview';
import projectOverview from '@/resources/projects/projects.overview';
import { projects } from '@/resources/projects/projects.resource';
import { CommandPaletteLauncher } from '@/shell/command-palette/CommandPaletteLauncher';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  type LiveStub,
  RefineHarness,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { recordStatuses, statusesOfEachTest } from './support/shown-statuses';

const ModelOverviewPage = declaredOverviewPage(modelOverview);
const ProjectOverviewPage = declaredOverviewPage(projectOverview);

/** The 3-s banners each test showed, seen however long the machine took to look. */
const statuses = statusesOfEachTest();

/** The live provider places this resource channel on `Company.1.ProjectModel` (live-provider.test.ts). */
const CHANNEL = 'resources/projects/models';

/** The model as the models' list and a project's models answer it. */
const lobbyItem = {
  id: 7,
  project_id: 1,
  name: 'Harbour Tower – Lobby',
  description: 'Lobby of the tower.',
  status: 'QUEUED',
  status_color: '#8c8c8c',
  preview_image_url: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  deleted_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' },
};

const lobby = {
  ...lobbyItem,
  project: { id: 1, name: 'Harbour Tower' },
  file: { name: 'lobby.fbx', size: 12_000_000 },
  geometry_events: [{ message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' }],
};

const harbour = {
  id: 1,
  parent_id: null,
  status: 'active',
  preview_image: null,
  name: 'Harbour Tower',
  description: 'Visualisation for Van Dijk Development.',
  labels: [{ id: 3, name: 'Residential', color: '#52c41a' }],
  created_at: '2025-06-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  deleted_at: null,
  users: [
    { id: 2, name: 'Alice Anders', function: '3D artist', email: 'alice@acme.test', profile_image: null },
  ],
  is_favorited: false,
  sub_projects: [{ id: 33, name: 'Harbour Tower – Penthouse', status: 'active' }],
  // Each model with every field of the list's (its card shows them).
  models: [lobbyItem],
};

function renderPages(api: ApiStub, live: LiveStub, path: string, user = aliceUser) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  render(
    <RefineHarness path={path} live={live} user={user} i18n={portalI18n('en')}>
      <CommandPaletteLauncher />
      <Routes>
        <Route
          path="/projects/models/overview/:modelId"
          element={<ModelOverviewPage resource={models} action="show" />}
        />
        <Route
          path="/projects/overview/:projectId"
          element={<ProjectOverviewPage resource={projects} action="show" />}
        />
      </Routes>
    </RefineHarness>,
  );
  return api;
}

/** The value under a label of the (vertical) description list: the cell below it. */
function described(label: string): string | null {
  const cell = screen.getByText(label, { selector: '.ant-descriptions-item-label' }).closest('th, td')!;
  const index = [...cell.parentElement!.children].indexOf(cell);
  return cell.parentElement!.nextElementSibling!.children[index].textContent;
}

const badge = () => screen.getByRole('heading', { level: 1 }).parentElement!.querySelector('.model-status')!;

describe('the model overview', () => {
  let api: ApiStub;
  let live: LiveStub;
  beforeEach(() => {
    api = stubApi().on('GET', '/projects/models/:id', { body: { data: lobby } });
    live = stubLive();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every field of the model card', async () => {
    renderPages(api, live, '/projects/models/overview/7');
    await screen.findByRole('heading', { name: 'Harbour Tower – Lobby' });
    for (const [label, value] of [
      ['Status', 'Queued'],
      // The status colour as a colour, with its name: never a raw value alone.
      ['Color', 'Grey#8c8c8c'],
      ['Latest message', 'Upload received'],
      ['Elapsed time', '---'],
      ['Project', 'Harbour Tower'],
      ['Description', 'Lobby of the tower.'],
      ['Uploaded by', 'Alice Anders'],
      ['Started', '---'],
      ['Finished at', '---'],
      ['Model file', 'lobby.fbx · 12 MB'],
    ]) {
      expect(described(label)).toBe(value);
    }
    // The colour is shown, not only named: a swatch of it beside its value.
    const colour = screen.getByText('#8c8c8c').parentElement!;
    expect(colour.querySelector<HTMLElement>('.cell-color__swatch')!.style.background).toBe(
      'rgb(140, 140, 140)',
    );
    expect(screen.getByText('Created', { selector: '.ant-descriptions-item-label' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No preview yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Harbour Tower' })[0]).toHaveAttribute(
      'href',
      '/projects/overview/1',
    );
  });

  it('shows the processing history to the second, with how long each step took', async () => {
    const history = [
      { message: 'Processing finished', created_at: '2026-01-01T10:01:30.000Z' },
      { message: 'Reading geometry', created_at: '2026-01-01T10:00:07.000Z' },
      { message: 'Upload received', created_at: '2026-01-01T10:00:00.000Z' },
    ];
    api.on('GET', '/projects/models/:id', {
      body: {
        data: {
          ...lobby,
          status: 'FINISHED',
          status_color: '#52c41a',
          started_at: '2026-01-01T10:00:03.000Z',
          finished_at: '2026-01-01T10:01:30.000Z',
          geometry_events: history,
        },
      },
    });
    renderPages(api, live, '/projects/models/overview/7');
    const region = await screen.findByRole('region', { name: 'Processing history' });
    const entries = within(region).getAllByRole('listitem');
    const exact = (iso: string) => formatDate(iso, 'en', 'seconds');
    expect(exact(history[1].created_at)).toMatch(/:00:07\u00a0[AP]M$/);
    expect(entries[0].textContent).toBe(`Processing finished+0:01:23${exact(history[0].created_at)}`);
    expect(entries[1].textContent).toBe(`Reading geometry+0:00:07${exact(history[1].created_at)}`);
    // The first step has no step before it.
    expect(entries[2].textContent).toBe(`Upload received${exact(history[2].created_at)}`);
    expect(within(entries[1]).getByTitle('0:00:07 after the step before')).toBeInTheDocument();
    expect(described('Started')).toBe(exact('2026-01-01T10:00:03.000Z'));
    expect(described('Finished at')).toBe(exact('2026-01-01T10:01:30.000Z'));
    expect(described('Elapsed time')).toBe('0:01:27');
    expect(described('Color')).toBe('Green#52c41a');
  });

  it('applies processing pushes in place, with a running timer, and refetches on RefreshProcessorIndex', async () => {
    // The timer reads the clock and ticks by setInterval: both are fake, so the test moves time on itself.
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval'],
      now: new Date('2026-03-02T10:00:00Z'),
    });
    renderPages(api, live, '/projects/models/overview/7');
    await screen.findByRole('heading', { name: 'Harbour Tower – Lobby' });
    expect(live.subscriptions.map(({ channel, types }) => [channel, types])).toContainEqual([
      CHANNEL,
      ['GeometryEventsUpdated', 'RefreshProcessorIndex', CHANNEL_SUBSCRIBED],
    ]);
    expect(screen.getByRole('button', { name: /Reprocess/ })).toBeDisabled();

    const started = new Date(Date.now() - 5000).toISOString();
    act(() =>
      live.emit(CHANNEL, 'GeometryEventsUpdated', {
        owner_id: 7,
        status: 'PROCESSING',
        status_color: '#1677ff',
        started_at: started,
        finished_at: null,
        event: { message: 'Reading geometry' },
      }),
    );
    // react-query tells its observers on the next tick.
    await waitFor(() => expect(badge()).toHaveTextContent('Processing'));
    expect(screen.getByTestId('model-latest-message')).toHaveTextContent('Reading geometry...');
    const timer = document.querySelector('time.elapsed-time--running')!;
    expect(timer.textContent).toBe('0:00:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('0:00:06');
    vi.useRealTimers();

    // A push about another model changes nothing here: pushes are applied in order, so once the next push about
    // this model shows, the other one would have shown before it.
    act(() =>
      live.emit(CHANNEL, 'GeometryEventsUpdated', {
        owner_id: 8,
        status: 'FAILED',
        status_color: '#f5222d',
        started_at: started,
        finished_at: started,
        event: { message: 'Conversion failed' },
      }),
    );

    act(() =>
      live.emit(CHANNEL, 'GeometryEventsUpdated', {
        owner_id: 7,
        status: 'FINISHED',
        status_color: '#52c41a',
        started_at: '2026-01-01T10:00:00.000Z',
        finished_at: '2026-01-01T10:01:30.000Z',
        event: { message: 'Processing finished' },
      }),
    );
    await waitFor(() => expect(badge()).toHaveTextContent('Finished'));
    expect(screen.queryByText(/Conversion failed/)).toBeNull();
    expect(screen.getByTestId('model-latest-message')).toHaveTextContent(/^Processing finished$/);
    expect(document.querySelector('time.elapsed-time')).toHaveTextContent('0:01:30');
    expect(screen.getByRole('button', { name: /Reprocess/ })).toBeEnabled();
    expect(
      within(screen.getByRole('region', { name: 'Processing history' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(api.calls('/projects/models/7')).toHaveLength(1);

    act(() => live.emit(CHANNEL, 'RefreshProcessorIndex', { owner_id: 7 }));
    await waitFor(() => expect(api.calls('/projects/models/7')).toHaveLength(2));
    // The channel subscribed (again, after a dropped connection): what was pushed meanwhile is fetched.
    act(() => live.emit(CHANNEL, CHANNEL_SUBSCRIBED, {}));
    await waitFor(() => expect(api.calls('/projects/models/7')).toHaveLength(3));
  });

  it("reprocesses a finished model after its confirmation and says 'Reprocessing started...'", async () => {
    api.on('GET', '/projects/models/:id', {
      body: { data: { ...lobby, status: 'FINISHED', status_color: '#52c41a' } },
    });
    api.on('POST', '/projects/models/:id/reprocess', { body: { message: 'Reprocessing started...' } });
    const user = userEvent.setup();
    renderPages(api, live, '/projects/models/overview/7');
    await user.click(await screen.findByRole('button', { name: /Reprocess/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to reprocess this model? This will overwrite the existing geometry!',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reprocess' }));

    await statuses.shown('Reprocessing started...');
    expect(api.calls('/projects/models/7/reprocess', 'POST')).toHaveLength(1);
  });

  it('deletes after its confirmation and goes back to the project with the answer as a banner', async () => {
    api
      .on('DELETE', '/projects/models/:id', {
        body: { model_name: 'Harbour Tower – Lobby', status: 'successfully deleted' },
      })
      .on('GET', '/projects/:id', { body: { data: { ...harbour, models: [] } } });
    const user = userEvent.setup();
    renderPages(api, live, '/projects/models/overview/7');
    await user.click(await screen.findByRole('button', { name: /Delete/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this model?')).toBeInTheDocument();
    const statuses = recordStatuses();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await screen.findByRole('heading', { name: 'Harbour Tower', level: 1 });
    // The banner shows for 3 s: seen whenever it was.
    await waitFor(() =>
      expect(statuses.texts).toContainEqual(
        expect.stringContaining('Harbour Tower – Lobby successfully deleted'),
      ),
    );
    statuses.stop();
    expect(api.calls('/projects/models/7', 'DELETE')).toHaveLength(1);
    // The deleted model is not asked for again (it would answer 404).
    expect(api.calls('/projects/models/7')).toHaveLength(1);
  });
});

describe("a model's versions in the address (issue 45)", () => {
  /** Version `number` of the lobby, processed. */
  const version = (number: number, current: boolean) => ({
    number,
    current,
    status: 'FINISHED',
    file: { name: `lobby ${number}.fbx`, size: 12_000 },
    uploader_name: 'Alice Anders',
    created_at: '2026-01-01T10:00:00.000Z',
    note: null,
    restored_from: null,
    preview_image_url: null,
    viewer_model_url: `/api/v2/files/models/lobby-${number}.glb`,
    ar_model_url: null,
    statistics: null,
  });

  it('are steps on one record: opened at an earlier version, Back to the current one reads nothing again and gives the focus to its View button', async () => {
    const api = stubApi().on('GET', '/projects/models/:id', {
      body: {
        data: { ...lobby, status: 'FINISHED', version: 2, versions: [version(2, true), version(1, false)] },
      },
    });
    const user = userEvent.setup();
    renderPages(api, stubLive(), '/projects/models/overview/7?version=1');

    const notice = (await screen.findByText('The viewer shows version 1, not the current version 2.'))
      .parentElement!;
    expect(notice).toHaveAttribute('role', 'status');
    await user.click(within(notice).getByRole('button', { name: 'Back to the current version' }));

    // The address's own parameter is no new query: the page stays as it is (no loading state in between), and
    // the focus goes back to the button that shows version 1 again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'View in 3D: version 1' })).toHaveFocus());
    expect(screen.queryByText('The viewer shows version 1', { exact: false })).not.toBeInTheDocument();
    expect(api.calls('/projects/models/7')).toHaveLength(1);
  });
});

/** The command palette's Actions (issue 33): the current screen's header actions, as it offers them. */
async function paletteActions(user: ReturnType<typeof userEvent.setup>) {
  Element.prototype.scrollIntoView ??= () => undefined;
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  const group = within(dialog).queryByRole('group', { name: 'Actions' });
  return {
    dialog,
    names: group
      ? within(group)
          .getAllByRole('option')
          .map((option) => option.textContent)
      : [],
  };
}

describe("an overview's actions in the command palette", () => {
  it('are the header actions the user may take, run as the buttons run them', async () => {
    const api = stubApi().on('GET', '/projects/:id', { body: { data: harbour } });
    const user = userEvent.setup();
    renderPages(api, stubLive(), '/projects/overview/1');
    await screen.findByRole('heading', { name: 'Harbour Tower', level: 1 });
    const { dialog, names } = await paletteActions(user);
    expect(names).toEqual(['Duplicate', 'Delete', 'Edit']);
    await user.click(within(dialog).getByRole('option', { name: 'Delete' }));
    await screen.findByText(/Are you sure you want to delete/);
  });

  it('leave out what the user may not do (the button disabled with its reason)', async () => {
    const api = stubApi().on('GET', '/projects/models/:id', {
      body: { data: { ...lobby, status: 'FINISHED' } },
    });
    const user = userEvent.setup();
    renderPages(api, stubLive(), '/projects/models/overview/7');
    await screen.findByRole('heading', { name: 'Harbour Tower – Lobby', level: 1 });
    expect((await paletteActions(user)).names).toEqual(['Reprocess', 'Share', 'Delete', 'Edit']);
    cleanup();

    const viewer = { ...aliceUser, abilities: ['view-projects', 'list-project-models'] };
    renderPages(api, stubLive(), '/projects/models/overview/7', viewer);
    await screen.findByRole('heading', { name: 'Harbour Tower – Lobby', level: 1 });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect((await paletteActions(user)).names).toEqual([]);
  });
});

describe('the project overview', () => {
  it("lists the project's models with live status and offers the authoring actions by ability", async () => {
    const api = stubApi().on('GET', '/projects/:id', { body: { data: harbour } });
    const live = stubLive();
    renderPages(api, live, '/projects/overview/1');

    await screen.findByRole('heading', { name: 'Harbour Tower', level: 1 });
    expect(screen.getByText('Visualisation for Van Dijk Development.')).toBeInTheDocument();
    expect(screen.getByText('Residential')).toBeInTheDocument();
    expect(screen.getByText('3D artist')).toBeInTheDocument();
    const modelsRegion = screen.getByRole('region', { name: 'Models (1)' });
    const card = within(modelsRegion).getByRole('link', { name: /Harbour Tower – Lobby/ });
    expect(card).toHaveAttribute('href', '/projects/models/overview/7');
    expect(card).toHaveTextContent('Queued');
    // The model card: every field of spec 2 §2 Models.
    expect(within(card).getByText('Upload received')).toBeInTheDocument();
    expect(
      [...card.querySelectorAll('dt')].map(
        (term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`,
      ),
    ).toEqual([
      'Description: Lobby of the tower.',
      'Started: ---',
      'Finished at: ---',
      'Elapsed time: ---',
      'Uploaded by: Alice Anders',
      `Created: ${formatDate(lobby.created_at, 'en', true)}`,
      `Updated: ${formatDate(lobby.updated_at, 'en', true)}`,
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Sub-projects (1)' })).getByRole('link'),
    ).toHaveAttribute('href', '/projects/overview/33');
    for (const name of ['Edit', 'Duplicate', 'Delete', 'New Model', 'New sub-project', 'Manage models']) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }

    act(() =>
      live.emit(CHANNEL, 'GeometryEventsUpdated', {
        owner_id: 7,
        status: 'PROCESSING',
        status_color: '#1677ff',
        started_at: new Date().toISOString(),
        finished_at: null,
        event: { message: 'Reading geometry' },
      }),
    );
    await waitFor(() => expect(card).toHaveTextContent('Processing'));
    expect(within(card).getByText('Reading geometry...')).toBeInTheDocument();
    expect(card.querySelector('time.elapsed-time--running')).not.toBeNull();
    expect(api.calls('/projects/1')).toHaveLength(1);
  });

  it('shows a viewer no create or edit actions, and Delete disabled with why (issue 33)', async () => {
    const api = stubApi().on('GET', '/projects/:id', { body: { data: harbour } });
    const bob = {
      ...aliceUser,
      id: 3,
      name: 'Bob Brink',
      username: 'bob',
      abilities: ['view-projects', 'list-project-models'],
    };
    renderPages(api, stubLive(), '/projects/overview/1', bob);

    await screen.findByRole('heading', { name: 'Harbour Tower', level: 1 });
    expect(screen.getByRole('button', { name: /Manage models/ })).toBeInTheDocument();
    for (const name of ['Edit', 'New Model', 'New sub-project', 'Add a label']) {
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    }
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'Needs the permission “Delete projects”, which your role does not have',
    );
    // Duplicate is offered to everyone (spec 2 §2); a copy is a new project, so it says why bob may not.
    const duplicate = screen.getByRole('button', { name: /Duplicate/ });
    expect(duplicate).toBeDisabled();
    expect(duplicate).toHaveAccessibleDescription(
      'Duplicating makes a new project: you need the permission to create projects',
    );
  });
});
