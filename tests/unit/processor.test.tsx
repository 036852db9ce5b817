/**
 * The processor page (spec 2 §Processor, §4, §6, §9) with the real data provider over a stubbed API and pushes
 * delivered at the edge of realtime: the tab and the success banner handed over in the navigation state (3 s),
 * 10 per page at -created_at, the item cards with their processing details, pushes applied in place and a refetch
 * of the visible tab on RefreshProcessorIndex, the item menu without an ability check, Reprocess only on FINISHED.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProcessorPage from '@/pages/processor/ProcessorPage';
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

const ITEMS_CHANNEL = 'resources/libraries/items';

const item = (id: number, name: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  preview_image_url: null,
  status,
  status_color: '#8c8c8c',
  libraries: [],
  description: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  is_deletable: true,
  deletable: true,
  started_at: null,
  finished_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: null,
  ...extra,
});

const lobby = {
  id: 7,
  project_id: 1,
  name: 'Harbour Tower – Lobby',
  description: 'Lobby of the tower.',
  status: 'PROCESSING',
  status_color: '#1677ff',
  preview_image_url: null,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:30:00.000Z',
  started_at: '2026-01-01T10:00:00.000Z',
  finished_at: null,
  deleted_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Reading geometry', created_at: '2026-01-01T10:00:10.000Z' },
};

const page = <T,>(data: T[]) => ({
  data,
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length, links: [] },
});

const chair = item(11, 'Aeron Chair', 'QUEUED');
const table = item(12, 'Oak Table', 'FINISHED', {
  status_color: '#52c41a',
  started_at: '2026-01-01T10:00:00.000Z',
  finished_at: '2026-01-01T10:01:30.000Z',
  latest_geometry_event: { message: 'Processing finished', created_at: '2026-01-01T10:01:30.000Z' },
});

/** Arrives at /processor the way another screen sends the user there: with navigation state. */
function Arrive({ state }: { state: Record<string, unknown> }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/processor', { state });
  }, [navigate, state]);
  return null;
}

/** Where the processor led, with the navigation state. */
function Arrived() {
  const location = useLocation();
  return <output data-testid="arrived">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

function renderProcessor(live: LiveStub, state?: Record<string, unknown>, user = aliceUser) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  render(
    <RefineHarness path={state ? '/start' : '/processor'} live={live} user={user} i18n={portalI18n('en')}>
      <Routes>
        <Route path="/start" element={<Arrive state={state ?? {}} />} />
        <Route path="/processor" element={<ProcessorPage />} />
        <Route path="*" element={<Arrived />} />
      </Routes>
    </RefineHarness>,
  );
}

const cardOf = (name: string) => screen.getByText(name).closest('li')!;

describe('the processor', () => {
  let api: ApiStub;
  let live: LiveStub;
  beforeEach(() => {
    api = stubApi()
      .on('GET', '/projects/models', { body: page([]) })
      .on('GET', '/libraries/items', { body: page([chair, table]) })
      .on('GET', '/materials', { body: page([]) });
    live = stubLive();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts the open tab's filters on the header's Filter button, and the toolbar's Reset clears them", async () => {
    const user = userEvent.setup();
    signInAs(aliceUser);
    tenantStore.setTenant(acmeTenant);
    render(
      <RefineHarness
        path="/processor?tab=items&items.search=Aeron"
        live={live}
        user={aliceUser}
        i18n={portalI18n('en')}
      >
        <Routes>
          <Route path="/processor" element={<ProcessorPage />} />
        </Routes>
      </RefineHarness>,
    );
    const filter = await screen.findByRole('button', { name: 'Filter, 1 active' });
    expect(filter).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Reset the list' }));
    expect(await screen.findByRole('button', { name: 'Filter' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Reset the list' })).toBeNull();
    await waitFor(() => expect(api.calls('/libraries/items').at(-1)?.query.get('search')).toBeNull());
  });

  it('opens the tab named in the navigation state and shows the banner handed over for 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderProcessor(live, { tab: 'items', resultBanner: { type: 'success', text: 'Aeron Chair imported' } });
    await vi.waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Model' })).toBeNull();
    // Shown after the 0.5 s delay, gone 3 s later.
    expect(screen.queryByText('Aeron Chair imported')).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Aeron Chair imported').closest('[role="status"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByText('Aeron Chair imported')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Aeron Chair imported')).toBeNull();
  });

  it("shows each model as the model card (every field of spec 2 §2) whose click and Edit pass state 'processor'", async () => {
    api.on('GET', '/projects/models', { body: page([lobby]) });
    const user = userEvent.setup();
    renderProcessor(live);
    await screen.findByText('Harbour Tower – Lobby');
    const card = cardOf('Harbour Tower – Lobby');
    expect(card.querySelector('.model-card')).not.toBeNull();
    expect(card.querySelector('.model-status')).toHaveTextContent('Processing');
    expect(within(card).getByText('Reading geometry...')).toBeInTheDocument();
    expect(card.querySelector('time.elapsed-time--running')).not.toBeNull();
    expect([...card.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Description',
      'Started',
      'Finished at',
      'Elapsed time',
      'Uploaded by',
      'Created',
      'Updated',
    ]);
    expect(card).toHaveTextContent('DescriptionLobby of the tower.');
    expect(card).toHaveTextContent('Uploaded byAlice Anders');
    expect(card).toHaveTextContent('Finished at---');

    await user.pointer({ keys: '[MouseRight]', target: card });
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByTestId('arrived')).toHaveTextContent(
      '/projects/models/edit/7 {"processor":true}',
    );
  });

  it('opens the overview of a model whose card is clicked, with state processor', async () => {
    api.on('GET', '/projects/models', { body: page([lobby]) });
    const user = userEvent.setup();
    renderProcessor(live);
    await user.click(await screen.findByText('Harbour Tower – Lobby'));
    expect(await screen.findByTestId('arrived')).toHaveTextContent(
      '/projects/models/overview/7 {"processor":true}',
    );
  });

  it('asks for 10 items, newest first, and shows each card with its processing details', async () => {
    renderProcessor(live, { tab: 'items' });
    await screen.findByText('Oak Table');
    const [call] = api.calls('/libraries/items');
    expect(call.query.get('per_page')).toBe('10');
    expect(call.query.get('sort')).toBe('-created_at');
    const finished = cardOf('Oak Table');
    expect(finished).toHaveTextContent('Finished');
    expect(finished).toHaveTextContent('Elapsed time0:01:30');
    expect(finished).toHaveTextContent('Uploaded byAlice Anders');
    expect(finished).not.toHaveTextContent('Finished at---');
    const queued = cardOf('Aeron Chair');
    expect(queued).toHaveTextContent('Elapsed time---');
    expect(queued).toHaveTextContent('Finished at---');
  });

  it('applies GeometryEventsUpdated to the card in place and refetches the visible tab on RefreshProcessorIndex', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval'],
      now: new Date('2026-03-02T10:00:00Z'),
    });
    renderProcessor(live, { tab: 'items' });
    await screen.findByText('Aeron Chair');
    expect(live.subscriptions.map(({ channel }) => channel)).toContain(ITEMS_CHANNEL);
    const before = api.calls('/libraries/items').length;

    act(() =>
      live.emit(ITEMS_CHANNEL, 'GeometryEventsUpdated', {
        owner_id: 11,
        status: 'PROCESSING',
        status_color: '#1677ff',
        started_at: new Date(Date.now() - 5000).toISOString(),
        finished_at: null,
        event: { message: 'Reading geometry' },
      }),
    );
    await waitFor(() => expect(cardOf('Aeron Chair')).toHaveTextContent('Processing'));
    expect(within(cardOf('Aeron Chair')).getByText('Reading geometry...')).toBeInTheDocument();
    const timer = cardOf('Aeron Chair').querySelector('time.elapsed-time--running')!;
    expect(timer.textContent).toBe('0:00:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('0:00:06');
    // In place: no refetch.
    expect(api.calls('/libraries/items')).toHaveLength(before);
    vi.useRealTimers();

    act(() => live.emit(ITEMS_CHANNEL, 'RefreshProcessorIndex', { owner_id: 11 }));
    await waitFor(() => expect(api.calls('/libraries/items')).toHaveLength(before + 1));
    // The models' tab is not on screen: it is not asked for.
    expect(api.calls('/projects/models')).toHaveLength(0);
  });

  it('offers the item actions without an ability check, Reprocess only when FINISHED', async () => {
    const viewer = {
      ...aliceUser,
      abilities: ['list-library-items', 'list-project-models', 'list-libraries'],
    };
    const user = userEvent.setup();
    renderProcessor(live, { tab: 'items' }, viewer);
    await screen.findByText('Oak Table');
    // Without list-materials there is no Materials tab; without create abilities no Import.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Models', 'Items']);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions for Oak Table' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Reprocess', 'Archive', 'Edit', 'Delete']);
    await user.keyboard('{Escape}');
    await user.pointer({ keys: '[MouseRight]', target: cardOf('Aeron Chair') });
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Archive', 'Edit', 'Delete']);
  });
});
