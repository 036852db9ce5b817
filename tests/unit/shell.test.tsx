/** The shell in jsdom: login, guards, navigation by permission, avatar menu, language switch, error screens. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '@/providers/session';
import { renderPortal, signIn, stubApi, user } from './support/portal-app';

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
    expect(await screen.findByRole('heading', { name: 'Asset Portal' })).toBeInTheDocument();
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
    expect(await screen.findByRole('heading', { name: 'Labels' })).toBeInTheDocument();
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
  it('shows the screen of a later issue by name inside the layout', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    renderPortal('/libraries/items/overview/3');
    expect(await screen.findByRole('heading', { name: 'Item overview' })).toBeInTheDocument();
    expect(screen.getByText('This screen is not available yet.')).toBeInTheDocument();
  });

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
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends a user without the licence of this platform to /portal', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER, licenses: ['design_and_sales'] }));
    const { router } = renderPortal('/projects');
    expect(
      await screen.findByRole('heading', { name: 'You have no licence for Preparation & Content' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
    expect(screen.getByRole('button', { name: /Designs and Sales/ })).toBeInTheDocument();
  });

  it('does not know admin routes for others; Back returns to the previous page', async () => {
    stubApi();
    signIn(user({ abilities: VIEWER }));
    const { router } = renderPortal('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    await router.navigate('/admin/users', { state: { from: 'projects' } });
    expect(await screen.findByRole('heading', { name: '404 | Page Not Found' })).toBeInTheDocument();
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
      expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeInTheDocument();
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
    expect(await screen.findByRole('heading', { name: 'Projecten' })).toBeInTheDocument();
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
