/** The shell in jsdom: login, guards, navigation by permission, avatar menu, language switch, error screens. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '@/providers/session';
import { setThemeChoice } from '@/shell/tenant/color-scheme';
import { DARK_DESIGN_TOKENS } from '@/ui/design-tokens';
import { TenantSwitcher } from '@/shell/layout/TenantSwitcher';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, RefineHarness, signInAs, stubApi as stubDataApi } from './data-provider-stub';
import { portalI18n, renderPortal, signIn, stubApi, user } from './support/portal-app';

const VIEWER = [
  'view-projects',
  'list-project-models',
  'list-libraries',
  'list-library-items',
  'list-labels',
  'list-downloads',
  'view-company',
];

beforeAll(async () => {
  await session.start();
});

afterEach(() => {
  session.signOut('logout');
  vi.unstubAllGlobals();
});

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('signed out', () => {
  it('sends a protected path to the login page with the path to come back to', async () => {
    stubApi();
    const { router } = renderPortal('/tools/labels');
    await screen.findByRole('heading', { name: 'Asset Portal' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?to=%2Ftools%2Flabels');
  });

  it('logs in and continues to the requested path', async () => {
    const paths = stubApi({
      '/login': () =>
        Response.json({
          access_token: 'fresh',
          token_type: 'Bearer',
          expires_at: '2030-01-01',
          user: user({ abilities: ['list-labels'] }),
        }),
    });
    const { router } = renderPortal('/login?to=%2Ftools%2Flabels');
    await userEvent.type(await screen.findByLabelText('Username or email'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Labels' });
    expect(router.state.location.pathname).toBe('/tools/labels');
    expect(paths).toContain('/login');
  });

  it('shows the error text of a refused login in an alert', async () => {
    stubApi({ '/login': () => Response.json({ message: 'Unauthenticated.' }, { status: 401 }) });
    renderPortal('/login');
    await userEvent.type(await screen.findByLabelText('Username or email'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Username or Password');
    expect(session.getState().auth).toBeNull();
  });
});

describe('signed in', () => {
  it('shows an administrator every group, the Admin group included', async () => {
    stubApi();
    signIn(user({ admin: true, name: 'Ada Admin', abilities: [] }));
    renderPortal('/admin/companies');
    const menu = await waitFor(navigation);
    for (const label of [
      'Dashboard',
      'Projects',
      'Libraries',
      'Materials',
      'Processor',
      'Security',
      'Tools',
      'Admin',
    ]) {
      expect(within(menu).getByText(label)).toBeInTheDocument();
    }
    // The group of the current route is open.
    expect(within(menu).getByRole('link', { name: 'Companies' })).toBeVisible();
  });

  it('shows a viewer only the entries of his abilities', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    renderPortal('/tools/labels');
    const menu = await waitFor(navigation);
    expect(within(menu).getByRole('link', { name: 'Labels' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Downloads' })).toBeInTheDocument();
    for (const hidden of ['Materials', 'Processor', 'Security', 'Admin', 'Recycling bin']) {
      expect(within(menu).queryByText(hidden)).not.toBeInTheDocument();
    }
  });

  it('sends a user without the ability of a route group to /unauthorized', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/security/users');
    await screen.findByRole('heading', { name: 'Unauthorized' });
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends a user without the licence of this platform to /portal', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER, licenses: ['design_and_sales'] }));
    const { router } = renderPortal('/projects');
    await screen.findByRole('heading', {
      name: 'You have no Converter & Optimizer license for Preparation & Content',
    });
    expect(router.state.location.pathname).toBe('/portal');
    expect(screen.getByRole('button', { name: /Designs and Sales/ })).toBeInTheDocument();
  });

  it('does not know admin routes for others; Back returns to the previous page', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    await router.navigate('/admin/users', { state: { from: 'projects' } });
    await screen.findByRole('heading', { name: '404 | Page Not Found' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('offers Company in the avatar menu only with view-company or edit-company', async () => {
    for (const [abilities, shown] of [
      [['view-company'], true],
      [['view-projects'], false],
    ] as const) {
      stubApi();
      signIn(user({ abilities: [...abilities] }));
      const view = renderPortal('/projects');
      await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Alice Anders' }));
      await screen.findByRole('menuitem', { name: 'Account' });
      expect(screen.queryByRole('menuitem', { name: 'Company' }) !== null).toBe(shown);
      view.unmount();
    }
  });

  it('switches every text to Dutch at once', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    const { i18n } = renderPortal('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    await i18n.changeLanguage('nl');
    await screen.findByRole('heading', { name: 'Projecten' });
    const menu = screen.getByRole('navigation', { name: 'Hoofdnavigatie' });
    expect(within(menu).getByRole('link', { name: 'Bibliotheken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accountmenu van Alice Anders' })).toBeInTheDocument();
  });

  it('logs out when any call answers 401', async () => {
    stubApi({ '/companies': () => Response.json({ message: 'Unauthenticated.' }, { status: 401 }) });
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/projects');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.getState()).toMatchObject({ auth: null, ended: 'unauthorized' });
    expect(router.state.location.search).toBe('?to=%2Fprojects');
  });
});

/** A phone-sized window: no `min-width` media query matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the layout', () => {
  it('opens the group of the current route, marks the current entry, and opens one group at a time', async () => {
    stubApi();
    signIn(user({ admin: true, name: 'Ada Admin', abilities: [] }));
    renderPortal('/tools/labels');
    const menu = await waitFor(navigation);
    const group = (name: string) => within(menu).getByRole('button', { name });

    expect(group('Tools')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Security')).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).getByRole('link', { name: 'Labels' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Downloads' })).not.toHaveAttribute('aria-current');

    await userEvent.click(group('Security'));
    expect(group('Security')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Tools')).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).getByRole('link', { name: 'Roles' })).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Labels', hidden: true })).not.toBeVisible();

    await userEvent.click(group('Security'));
    expect(group('Security')).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).getByRole('link', { name: 'Roles', hidden: true })).not.toBeVisible();
  });

  it('narrows to icons with their labels as tooltips; a group opens its entries as a menu', async () => {
    stubApi();
    signIn(user({ admin: true, name: 'Ada Admin', abilities: [] }));
    const { router } = renderPortal('/');
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = navigation();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    const projects = within(menu).getByRole('link', { name: 'Projects' });
    await userEvent.hover(projects);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Projects');

    await userEvent.click(within(menu).getByRole('button', { name: 'Admin' }));
    const adminMenu = screen.getByRole('menu', { name: 'Admin' });
    await userEvent.click(within(adminMenu).getByRole('menuitem', { name: 'Companies' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/companies'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // Opened again, the group's menu marks the page the user is on.
    await userEvent.click(within(menu).getByRole('button', { name: 'Admin' }));
    const reopened = screen.getByRole('menu', { name: 'Admin' });
    expect(within(reopened).getByRole('menuitem', { name: 'Companies' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(reopened).getByRole('menuitem', { name: 'Changelog' })).not.toHaveAttribute('aria-current');
  });

  it('on a phone opens the navigation as a drawer: Escape closes it, a link closes it', async () => {
    phoneWidth();
    stubApi();
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/');
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(drawer).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveFocus());

    await userEvent.click(toggle);
    await userEvent.click(within(navigation()).getByRole('link', { name: 'Libraries' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/libraries'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
  });

  it("keeps the avatar menu open reading 'Logout...' while logging out", async () => {
    stubApi();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      if (new URL(String(input)).pathname.endsWith('/logout')) await held;
      return answered(input, init);
    });
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Alice Anders' }));

    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    const busy = await screen.findByRole('menuitem', { name: 'Logout...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('closes the avatar menu when the route changes', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Alice Anders' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'FAQ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('switches the language with the language select', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    renderPortal('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Dutch');
    await screen.findByRole('heading', { name: 'Projecten' });
    expect(screen.getByRole('combobox', { name: 'Taal' })).toHaveValue('nl');
  });

  it('lists the other companies in the tenant switcher', async () => {
    stubDataApi().on('GET', '/companies', {
      body: {
        data: [
          { id: 1, name: 'Acme Visuals', sub_domain: 'acme', logo: null },
          { id: 2, name: 'Globex Design', sub_domain: 'globex', logo: null },
        ],
      },
    });
    signInAs(user({ abilities: VIEWER }));
    tenantStore.setTenant(acmeTenant);
    render(
      <RefineHarness i18n={portalI18n()}>
        <TenantSwitcher />
      </RefineHarness>,
    );
    const trigger = screen.getByRole('button', { name: 'Switch company' });
    expect(trigger).toHaveTextContent('Acme Visuals');
    await userEvent.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Switch company' });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(1));
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('Globex Design');
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('globex');
  });
});

describe('the theme (issue 33)', () => {
  afterEach(() => {
    setThemeChoice('system');
    window.localStorage.clear();
  });

  it('turns dark at once from the avatar menu and keeps the pick on the server and in the browser', async () => {
    const sent: unknown[] = [];
    stubApi({
      '/my-account/preferences': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ data: { theme: 'dark' } });
      },
      // The session user, asked again after the save, carries the pick.
      '/auth/validate': () =>
        Response.json({
          access_token: 'token',
          token_type: 'Bearer',
          expires_at: '2099-01-01T00:00:00Z',
          user: user({ abilities: VIEWER, preferences: { theme: 'dark' } }),
        }),
    });
    signIn(user({ abilities: VIEWER }));
    renderPortal('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Alice Anders' }));
    expect(screen.getByRole('menuitemradio', { name: 'System theme' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(document.documentElement).not.toHaveClass('theme-dark');

    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark theme' }));
    expect(document.documentElement).toHaveClass('theme-dark');
    expect(document.documentElement.style.getPropertyValue('--surface')).toBe(DARK_DESIGN_TOKENS.surface);
    expect(screen.getByRole('menuitemradio', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(sent).toEqual([{ theme: 'dark' }]));
    expect(window.localStorage.getItem('portal-theme')).toBe('dark');
  });

  it('starts in the theme the user keeps on the server', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER, preferences: { theme: 'dark' } }));
    renderPortal('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    await waitFor(() => expect(document.documentElement).toHaveClass('theme-dark'));
  });
});
