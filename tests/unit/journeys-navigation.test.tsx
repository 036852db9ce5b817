/**
 * Issue 31, journey 1: every form ends where the user expects, in the real portal in jsdom. Cancel goes back one
 * step only when that step is a portal screen, else to the list (a form opened directly, from a new tab or a
 * bookmark, never leaves the portal); Save goes to the saved record or where it is listed, never back to whatever
 * screen happened to come before.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { Location } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetNavigationHistory, noteNavigation, openedFrom } from '@/components/navigation-history';
import { session } from '@/providers/session';
import { renderPortal, signIn, stubApi, user } from './support/portal-app';

const LIBRARIAN = ['list-libraries', 'update-libraries'];
const CATEGORIES = [
  'list-material-categories',
  'update-material-categories',
  'list-materials',
  'view-projects',
];

beforeAll(async () => {
  await session.start();
});

afterEach(() => {
  session.signOut('logout');
  vi.unstubAllGlobals();
  forgetNavigationHistory();
});

type Router = ReturnType<typeof createMemoryRouter>;

/** What the API answers a create with: the saved record. */
const created = (record: Record<string, unknown>) => (init?: RequestInit) =>
  init?.method === 'POST' ? Response.json({ data: record }, { status: 201 }) : Response.json({ data: [] });

const library = (id: number, parentId: number | null) => ({
  id,
  name: 'Lamps',
  parent_id: parentId,
  description: null,
  preview_image: null,
  status: 'ACTIVE',
  status_color: '#52c41a',
  labels: [],
});

/** Opens a screen the way the portal's links do (a push onto the history). */
async function follow(router: Router, path: string) {
  await act(() => router.navigate(path));
}

async function save(name: string) {
  const field = await screen.findByLabelText('Name');
  await userEvent.type(field, name);
  const button = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

describe('Cancel on a form', () => {
  it('opened directly (a new tab, a bookmark) goes to the list, not out of the portal', async () => {
    stubApi();
    signIn(user({ abilities: LIBRARIAN }));
    const { router } = renderPortal('/libraries/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/libraries'));
  });

  it('opened from a portal screen goes back to that screen, as it was', async () => {
    stubApi();
    signIn(user({ abilities: ['list-labels', 'create-labels', 'view-projects'] }));
    const { router } = renderPortal('/projects?search=harbour');
    await screen.findByRole('heading', { name: 'Projects' });
    await follow(router, '/tools/labels/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(router.state.location.search).toBe('?search=harbour');
    expect(router.state.historyAction).toBe('POP');
  });

  it('of an edit form without a list of its own, opened directly, goes to the record', async () => {
    stubApi({
      '/libraries/items/4': () =>
        Response.json({
          data: { id: 4, name: 'Desk', description: null, libraries: [], status: 'FINISHED' },
        }),
    });
    signIn(user({ abilities: [...LIBRARIAN, 'list-library-items', 'update-library-items'] }));
    const { router } = renderPortal('/libraries/items/edit/4');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/libraries/items/overview/4'));
  });
});

describe('Save on a form', () => {
  it('of a new library opened directly shows it where it is listed: the root of the libraries', async () => {
    stubApi({ '/libraries': created(library(9, null)) });
    signIn(user({ abilities: LIBRARIAN }));
    const { router } = renderPortal('/libraries/create');
    await save('Lamps');
    await waitFor(() => expect(router.state.location.pathname).toBe('/libraries'));
  });

  it('of a new library inside another shows it in its parent library', async () => {
    stubApi({ '/libraries': created(library(9, 3)) });
    signIn(user({ abilities: LIBRARIAN }));
    const { router } = renderPortal('/libraries/create/3');
    await save('Lamps');
    await waitFor(() => expect(router.state.location.pathname).toBe('/libraries/3'));
  });

  it('of a new category opened after another screen goes to the category, not back to that screen', async () => {
    stubApi({
      '/materials/categories': created({ id: 12, name: 'Metals', parent_id: null, status: 'ACTIVE' }),
    });
    signIn(user({ abilities: CATEGORIES }));
    const { router } = renderPortal('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    await follow(router, '/materials/categories/create');
    await save('Metals');
    await waitFor(() => expect(router.state.location.pathname).toBe('/materials'));
  });
});

describe('where a screen was opened from', () => {
  const at = (key: string, pathname: string, search = ''): Location => ({
    key,
    pathname,
    search,
    hash: '',
    state: null,
  });

  it('is a portal screen after a push, inherited by a replacement, and unknown for an entry opened directly', () => {
    noteNavigation('PUSH', at('a', '/projects', '?page=2'), at('b', '/tools/labels/create'));
    expect(openedFrom('b')).toBe('/projects?page=2');
    noteNavigation('REPLACE', at('b', '/tools/labels/create'), at('c', '/tools/labels/create', '?tab=2'));
    expect(openedFrom('c')).toBe('/projects?page=2');
    // Going back and forth changes nothing; the first entry of a tab came from outside.
    noteNavigation('POP', at('c', '/tools/labels/create'), at('a', '/projects'));
    expect(openedFrom('a')).toBeUndefined();
    noteNavigation('REPLACE', at('a', '/projects'), at('d', '/projects', '?page=3'));
    expect(openedFrom('d')).toBeUndefined();
  });

  it('survives a reload of the tab (sessionStorage)', () => {
    noteNavigation('PUSH', at('e', '/libraries'), at('f', '/libraries/create'));
    expect(JSON.parse(sessionStorage.getItem('portal_history') ?? '{}')).toMatchObject({ f: '/libraries' });
  });
});
