/**
 * A first visit of a model's overview in the whole portal (routes, guards, refine, the data provider, the overview
 * page) in jsdom: the record the entry asked for ahead (src/shell/routes/first-screen.ts) is the one the overview
 * shows, and the overview asks the server for it no second time.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { clearPrefetched } from '@/providers/http-client';
import { session } from '@/providers/session';
import { prefetchFirstRecord } from '@/shell/routes/first-screen';
import { renderPortal, signIn, stubApi, user } from './support/portal-app';

const LOBBY = {
  id: 7,
  project_id: 1,
  name: 'Harbour Tower – Lobby',
  description: 'Lobby of the tower.',
  status: 'FINISHED',
  status_color: '#52c41a',
  preview_image_url: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  started_at: '2026-01-01T10:00:01.000Z',
  finished_at: '2026-01-01T10:00:09.000Z',
  deleted_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Done', created_at: '2026-01-01T10:00:09.000Z' },
  project: { id: 1, name: 'Harbour Tower' },
  file: { name: 'lobby.fbx', size: 12_000_000 },
  geometry_events: [{ message: 'Done', created_at: '2026-01-01T10:00:09.000Z' }],
};

beforeAll(async () => {
  await session.start();
});

afterEach(() => {
  vi.useRealTimers();
  session.signOut('logout');
  clearPrefetched();
  vi.unstubAllGlobals();
});

it("shows the record the entry asked for, and the overview's own request takes its answer", async () => {
  // The prefetched answer waits PREFETCH_TTL_MS for the page: on the machine's clock, loading the portal's screens
  // in jsdom on a busy machine can take longer than a browser ever does, so the clock stands still here.
  vi.useFakeTimers({ toFake: ['Date'] });
  const paths = stubApi({ '/projects/models/7': () => Response.json({ data: LOBBY }) });
  signIn(user({ abilities: ['list-project-models', 'view-projects'] }));
  prefetchFirstRecord({ pathname: '/projects/models/overview/7' });
  expect(paths).toEqual(['/projects/models/7']);

  renderPortal('/projects/models/overview/7');
  expect(await screen.findByRole('heading', { level: 1, name: LOBBY.name })).toBeVisible();
  expect(paths.filter((path) => path === '/projects/models/7')).toHaveLength(1);
});
