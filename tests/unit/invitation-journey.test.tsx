/**
 * Issue 31, journey 2 (an invited user's first sign-in was a dead end), at the component level: the Invite dialog
 * says before sending that the person has no platform access until given a licence on their user page; the
 * acceptance page says the same in plain words with whom to ask (the inviter's name and address, or the company's
 * administrators), and says nothing of it to an invitee who holds a licence already; the inviter's bell item links
 * to the new member's edit page, in the reader's language; /portal names the missing licence by its one name.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import users from '@/resources/users/users.resource';
import { InvitationPage } from '@/shell/login/InvitationPage';
import { NotificationPanel } from '@/shell/notifications/NotificationPanel';
import type { UserNotification } from '@/shell/notifications/types';
import type { NotificationsState } from '@/shell/notifications/useNotifications';
import { PortalPage } from '@/shell/routes/PortalPage';
import { LocationProbe, RefineHarness, laravelList, signInAs, stubApi } from './data-provider-stub';
import { portalI18n, user } from './support/portal-app';

/** The Invite User dialog as the users' list declares it. */
const InviteUserDialog = users.list!.headerActions!.find((action) => action.key === 'invite')!.dialog!;

afterEach(() => {
  vi.unstubAllGlobals();
  signInAs(null);
});

const renderWithTexts = (element: ReactNode, path = '/', language = 'en') =>
  render(
    <RefineHarness path={path} i18n={portalI18n(language)}>
      {element}
    </RefineHarness>,
  );

describe('Invite User dialog', () => {
  it('says before sending that the person cannot use a platform until given a license on their user page', async () => {
    signInAs(user({ abilities: ['create-users'] }));
    stubApi().on('GET', '/roles', { body: laravelList([{ id: 3, title: 'Viewer' }]) });
    renderWithTexts(<InviteUserDialog close={vi.fn()} done={vi.fn()} />);

    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    expect(
      within(dialog).getByText(
        'The invited person cannot use any platform until you give them a license. After sending, open their ' +
          'user page (Security › Users) and switch on a license there.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });
});

interface InvitationAnswer {
  licenses?: string[];
  invited_by?: string | null;
  invited_by_email?: string | null;
}

function stubInvitation(answer: InvitationAnswer = {}) {
  return stubApi()
    .on('GET', '/invitations/:token', {
      body: {
        data: {
          email: 'ivy@elsewhere.test',
          name: 'ivy',
          username: 'ivy',
          new_account: false,
          company: { name: 'Acme Visuals', sub_domain: 'acme' },
          role: 'Viewer',
          invited_by: 'Alice Anders',
          invited_by_email: 'alice@acme.test',
          licenses: [],
          ...answer,
        },
      },
    })
    .on('POST', '/invitations/:token/accept', {
      body: {
        message: 'Invitation accepted',
        data: { company: { name: 'Acme Visuals', sub_domain: 'acme' } },
      },
    });
}

describe('the invitation page', () => {
  const NO_ACCESS_YET =
    'You will not be able to use a platform until you have a license. Ask Alice Anders (alice@acme.test) to give you one.';

  it('tells an invitee without a license, before and after accepting, that they need one and whom to ask', async () => {
    stubInvitation();
    const clicks = userEvent.setup();
    renderWithTexts(<InvitationPage />, '/invitation?token=abc');

    await screen.findByText(new RegExp(escape(NO_ACCESS_YET)));
    await clicks.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await screen.findByText(
      'You have joined Acme Visuals, but you cannot use a platform until you have a license. ' +
        'Ask Alice Anders (alice@acme.test) to give you one, then sign in.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).not.toBeInTheDocument();
  });

  it("names the company's administrators when the inviter is gone, in Dutch too", async () => {
    stubInvitation({ invited_by: null, invited_by_email: null });
    renderWithTexts(<InvitationPage />, '/invitation?token=abc', 'nl');
    await screen.findByText(
      /Je kunt pas een platform gebruiken als je een licentie hebt\. Vraag een beheerder van Acme Visuals om je er een te geven\./,
    );
  });

  it('says nothing of licenses to an invitee who holds one already', async () => {
    stubInvitation({ licenses: ['design_and_sales'] });
    const clicks = userEvent.setup();
    renderWithTexts(<InvitationPage />, '/invitation?token=abc');

    await screen.findByText(/Alice Anders invited you to join Acme Visuals\./);
    expect(screen.queryByText(/license/)).not.toBeInTheDocument();
    await clicks.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await screen.findByText('You have joined Acme Visuals. Sign in to start.');
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe("the inviter's bell item", () => {
  const accepted: UserNotification = {
    id: 41,
    title: 'Invitation accepted',
    text: 'Ivy Invitee (ivy@elsewhere.test) accepted your invitation to Acme Visuals.',
    read: false,
    date: new Date().toISOString(),
    type: 'invitationAccepted',
    message_key: 'notifications:messages.invitationAccepted',
    message_params: {
      user: 'Ivy Invitee',
      email: 'ivy@elsewhere.test',
      company: 'Acme Visuals',
      path: '/security/users/edit/77',
    },
  };
  const state = (markRead = vi.fn()): NotificationsState => ({
    items: [accepted],
    total: 1,
    unreadCount: 1,
    loading: false,
    loadingMore: false,
    view: 'unread',
    setView: vi.fn(),
    loadMore: vi.fn(),
    markRead,
    markAllRead: vi.fn(),
    markingAll: false,
  });
  const renderPanel = (panelState: NotificationsState, onNavigate = vi.fn(), language = 'en') =>
    render(
      <I18nextProvider i18n={portalI18n(language)}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route
              path="/"
              element={<NotificationPanel state={panelState} titleId="t" onNavigate={onNavigate} />}
            />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );

  it("links to the new member's edit page, marks the item read and closes the dropdown", async () => {
    const markRead = vi.fn();
    const onNavigate = vi.fn();
    renderPanel(state(markRead), onNavigate);
    expect(screen.getByText('Invitation accepted')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ivy Invitee (ivy@elsewhere.test) accepted your invitation to Acme Visuals. ' +
          'They cannot use a platform until you give them a license on their user page.',
      ),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open the user page of Ivy Invitee' });
    expect(link).toHaveAttribute('href', '/security/users/edit/77');
    await userEvent.setup().click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent('/security/users/edit/77');
    expect(markRead).toHaveBeenCalledWith(accepted);
    expect(onNavigate).toHaveBeenCalled();
  });

  it('reads in Dutch for a Dutch reader', () => {
    renderPanel(state(), vi.fn(), 'nl');
    expect(screen.getByText('Uitnodiging geaccepteerd')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open de gebruikerspagina van Ivy Invitee' })).toHaveAttribute(
      'href',
      '/security/users/edit/77',
    );
  });
});

describe('/portal', () => {
  it('names the missing license by its one name, with the platform, and whom to ask', async () => {
    signInAs(user({ licenses: [] }));
    renderWithTexts(<PortalPage />, '/portal');
    await screen.findByRole('heading', {
      name: 'You have no Converter & Optimizer license for Preparation & Content',
    });
    expect(
      screen.getByText(
        'You cannot use a platform of this company until you have a license. Ask an administrator of your company to give you one.',
      ),
    ).toBeInTheDocument();
  });
});
