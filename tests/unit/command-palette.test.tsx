/**
 * The command palette (issue 33): ⌘K / Ctrl+K opens it (loaded on first opening), the keyboard moves and opens,
 * Escape closes it and the focus returns; 'Go to' offers only screens the user may open; records are searched
 * once per settled term, the previous term's calls cancelled; the result count is announced; the current screen's
 * header actions run from it; what was opened comes back under Recent.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { PageHeader } from '@/components/PageHeader';
import { CommandPaletteLauncher } from '@/shell/command-palette/CommandPaletteLauncher';
import { RECENT_LIMIT, readRecent, rememberRecent } from '@/shell/command-palette/recent';
import { tenantStore } from '@/shell/tenant/TenantContext';
import enCommandPalette from '../../public/locales/en/commandPalette.json';
import enCommon from '../../public/locales/en/common.json';
import enSearch from '../../public/locales/en/search.json';
import {
  acmeTenant,
  aliceUser,
  laravelList,
  LocationProbe,
  RefineHarness,
  signInAs,
  stubApi,
} from './data-provider-stub';

function paletteI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'commandPalette', 'search'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, commandPalette: enCommandPalette, search: enSearch } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

/** A screen with a header: one action offered as a command, one disabled (no command). */
function ScreenWithHeader() {
  const [ran, setRan] = useState(0);
  return (
    <main id="main-content" tabIndex={-1}>
      <PageHeader
        title="Projects"
        actions={[
          {
            key: 'create',
            part: 'primary',
            command: { label: 'Invite user', run: () => setRan((count) => count + 1) },
            node: <button type="button">Invite user</button>,
          },
          {
            key: 'import',
            part: 'secondary',
            node: (
              <button type="button" disabled>
                Import
              </button>
            ),
          },
        ]}
      />
      <button type="button">Somewhere on the page</button>
      <output data-testid="ran">{ran}</output>
    </main>
  );
}

function renderPalette(user: SessionUser = aliceUser) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  return render(
    <RefineHarness user={user} path="/projects" i18n={paletteI18n()}>
      <CommandPaletteLauncher />
      <ScreenWithHeader />
      <LocationProbe />
    </RefineHarness>,
  );
}

const openWithKeyboard = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Command palette' });
};

const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  // jsdom has no layout: cmdk scrolls the selected item into view.
  Element.prototype.scrollIntoView ??= () => undefined;
});

beforeEach(() => localStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  signInAs(null);
});

describe('the command palette', () => {
  it('opens with Ctrl+K, moves with the arrows, opens the selected screen with Enter', async () => {
    stubApi();
    const user = userEvent.setup();
    renderPalette();
    const dialog = await openWithKeyboard(user);
    const input = within(dialog).getByRole('combobox');
    expect(input).toHaveFocus();

    await user.type(input, 'label');
    // The records are searched once the term settles; the screens come first either way.
    await within(dialog).findByRole('option', { name: 'Search everywhere for “label”' });
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.textContent).slice(0, 2)).toEqual(['Labels', 'New label']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(location()).toBe('/tools/labels/create'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and returns the focus to where it was; the top bar button opens it too', async () => {
    stubApi();
    const user = userEvent.setup();
    renderPalette();
    const before = screen.getByRole('button', { name: 'Somewhere on the page' });
    before.focus();
    await openWithKeyboard(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(before).toHaveFocus();

    const button = screen.getByRole('button', { name: 'Command palette' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('offers only the screens the user may open: no Materials without list-materials', async () => {
    stubApi();
    const user = userEvent.setup();
    const { unmount } = renderPalette();
    let dialog = await openWithKeyboard(user);
    await user.type(within(dialog).getByRole('combobox'), 'materials');
    expect(within(dialog).getByRole('option', { name: 'Materials' })).toBeInTheDocument();
    unmount();

    renderPalette({
      ...aliceUser,
      abilities: aliceUser.abilities.filter((ability) => ability !== 'list-materials'),
    });
    dialog = await openWithKeyboard(user);
    await user.type(within(dialog).getByRole('combobox'), 'materials');
    expect(within(dialog).queryByRole('option', { name: 'Materials' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'New material' })).not.toBeInTheDocument();
  });

  it('searches records once per settled term and cancels the calls of the term before', async () => {
    const api = stubApi();
    // The first term's answer never comes: the palette has to give it up.
    const never = new Promise<never>(() => undefined);
    api.on('GET', '/projects', (request) =>
      request.query.get('filter[search]') === 'Harb'
        ? never
        : { body: laravelList([{ id: 7, name: 'Harbour Tower' }]) },
    );
    const user = userEvent.setup();
    renderPalette();
    const dialog = await openWithKeyboard(user);
    const input = within(dialog).getByRole('combobox');

    // Each term arrives in one input event (pasted): typed key by key, a busy machine may let the 250 ms pass
    // between two keys, and a search for the part typed so far is then right.
    await user.click(input);
    await user.paste('Harb');
    await waitFor(() => expect(api.calls('/projects')).toHaveLength(1));
    const first = api.calls('/projects')[0];
    expect(first.query.get('filter[search]')).toBe('Harb');
    expect(first.query.get('per_page')).toBe('5');
    expect(first.signal?.aborted).toBe(false);

    await user.paste('our');
    await within(dialog).findByRole('option', { name: /Harbour Tower/ });
    expect(api.calls('/projects').map((call) => call.query.get('filter[search]'))).toEqual([
      'Harb',
      'Harbour',
    ]);
    expect(first.signal?.aborted).toBe(true);
  });

  it('asks for records only once the term has rested 250 ms, and gives up the call of a term overtaken', async () => {
    const api = stubApi();
    const never = new Promise<never>(() => undefined);
    api.on('GET', '/projects', (request) =>
      request.query.get('filter[search]') === 'Harb'
        ? never
        : { body: laravelList([{ id: 7, name: 'Harbour Tower' }]) },
    );
    const user = userEvent.setup();
    renderPalette();
    const dialog = await openWithKeyboard(user);
    const input = within(dialog).getByRole('combobox');
    await user.click(input);

    // From here on time moves only when the test moves it.
    vi.useFakeTimers({ shouldAdvanceTime: false });
    // The input changes as typing would change it (user-event waits on timers of its own).
    const type = (term: string) => fireEvent.change(input, { target: { value: term } });
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const searched = () => api.calls('/projects').map((call) => call.query.get('filter[search]'));
    try {
      type('Ha');
      await wait(200);
      type('Harb');
      await wait(249);
      expect(searched()).toEqual([]);
      await wait(1);
      expect(searched()).toEqual(['Harb']);
      const first = api.calls('/projects')[0];
      expect(first.signal?.aborted).toBe(false);

      type('Harbour');
      await wait(249);
      expect(searched()).toEqual(['Harb']);
      // The term before is given up once the input changes: its call is cancelled, its answer never shown.
      expect(first.signal?.aborted).toBe(true);
      await wait(1);
      expect(searched()).toEqual(['Harb', 'Harbour']);
      await wait(0);
      expect(within(dialog).getByRole('option', { name: /Harbour Tower/ })).toBeInTheDocument();
      await wait(1_000);
      expect(searched()).toEqual(['Harb', 'Harbour']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces the number of results, opens a record and keeps it under Recent', async () => {
    stubApi().on('GET', '/projects', {
      body: laravelList([
        { id: 7, name: 'Harbour Tower' },
        { id: 8, name: 'Harbour Bridge' },
      ]),
    });
    const user = userEvent.setup();
    renderPalette();
    let dialog = await openWithKeyboard(user);
    await user.type(within(dialog).getByRole('combobox'), 'Harbour');
    const status = within(dialog).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('2 results'));

    expect(within(dialog).getByRole('option', { name: /Harbour Tower/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/projects/overview/7'));

    dialog = await openWithKeyboard(user);
    const recent = within(dialog).getByRole('group', { name: 'Recent' });
    expect(within(recent).getByRole('option', { name: /Harbour Tower/ })).toBeInTheDocument();
  });

  it("runs the current screen's header actions that are offered, and only those", async () => {
    stubApi();
    const user = userEvent.setup();
    renderPalette();
    const dialog = await openWithKeyboard(user);
    const actions = within(dialog).getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Invite user']);
    await user.type(within(dialog).getByRole('combobox'), 'invite');
    // Once the term settles the record search comes before the actions (what is selected then does not depend
    // on how fast the keys were typed); the action is the last option.
    await within(dialog).findByRole('option', { name: 'Search everywhere for “invite”' });
    await user.keyboard('{End}');
    expect(within(dialog).getByRole('option', { name: 'Invite user' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('ran')).toHaveTextContent('1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the recent entries', () => {
  const scope = { userId: 2, company: 'acme', platform: 'hatch' };

  it('are kept per user and company, newest first, each path once, at most the limit', () => {
    for (let index = 0; index < RECENT_LIMIT + 2; index += 1)
      rememberRecent(scope, { kind: 'record', path: `/projects/overview/${index}`, label: `P${index}` });
    rememberRecent(scope, { kind: 'screen', path: '/projects/overview/5', label: 'projects.list' });
    const entries = readRecent(scope);
    expect(entries).toHaveLength(RECENT_LIMIT);
    expect(entries[0]).toEqual({ kind: 'screen', path: '/projects/overview/5', label: 'projects.list' });
    expect(entries.filter((entry) => entry.path === '/projects/overview/5')).toHaveLength(1);
    expect(readRecent({ ...scope, userId: 3 })).toEqual([]);
    expect(readRecent({ ...scope, company: 'globex' })).toEqual([]);
  });

  it('ignore what cannot be read', () => {
    act(() => localStorage.setItem('commandPalette.recent.acme.hatch.2', '{nonsense'));
    expect(readRecent(scope)).toEqual([]);
  });
});
