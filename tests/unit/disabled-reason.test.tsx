/**
 * Issue 31, journey 4: an action the portal shows but does not let the user take is disabled with its reason,
 * never a way to a refusal screen. Spec 2 Tools: anyone sees New Download, only administrators create; for the
 * others the button is disabled, the reason ('Only platform administrators add downloads', in Dutch too) shows
 * as a tooltip on hover and on keyboard focus, and is the button's accessible description.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { RESOURCES } from '@/resources/index';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { DisabledReason } from '@/ui/DisabledReason';
import { Button } from '@/ui/Button';
import { acmeTenant, aliceUser, laravelList, RefineHarness, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const downloads = RESOURCES.find((resource) => resource.name === 'downloads')!;
const REASON = 'Only platform administrators add downloads';

const viewer = { ...aliceUser, name: 'Bob Viewer', abilities: ['list-downloads'] };
const admin = { ...aliceUser, name: 'Ada Admin', admin: true, abilities: [] };

function renderDownloads(language = 'en') {
  return render(
    <RefineHarness path="/tools/downloads" routePath="/tools/downloads" i18n={portalI18n(language)}>
      <ResourceListPage resource={downloads} action="list" />
    </RefineHarness>,
  );
}

/**
 * jsdom never matches `:focus-visible`; a browser does for a focus the keyboard moved, and every focus in these
 * tests comes from Tab.
 */
function keyboardFocusIsVisible() {
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  keyboardFocusIsVisible();
  tenantStore.setTenant(acmeTenant);
  stubApi().on('GET', '/downloads', {
    body: laravelList([
      {
        id: 1,
        name: 'Brand guide',
        extension: 'pdf',
        created_at: '2026-01-01T10:00:00.000Z',
        updated_at: '2026-01-01T10:00:00.000Z',
      },
    ]),
  });
});

describe('New Download (spec 2 Tools: anyone sees it, only administrators create)', () => {
  it('is disabled for a user who is no administrator, its reason its description', async () => {
    signInAs(viewer);
    renderDownloads();
    await screen.findByText('Brand guide');
    const button = screen.getByRole('button', { name: 'New Download' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(REASON);
    // Nothing to press: the button takes no clicks, and the location stays.
    await userEvent.click(button, { pointerEventsCheck: 0 });
    expect(screen.getByRole('heading', { name: 'Downloads' })).toBeInTheDocument();
  });

  it('shows its reason on keyboard focus and on hover', async () => {
    signInAs(viewer);
    renderDownloads();
    await screen.findByText('Brand guide');
    const button = screen.getByRole('button', { name: 'New Download' });
    // A disabled button takes no focus: the Tab stops on what holds it, described by the reason too.
    const holder = button.parentElement!;
    button.ownerDocument.body.focus();
    while (document.activeElement !== holder) {
      await userEvent.tab();
      if (document.activeElement === document.body) throw new Error('The reason is not in the tab order');
    }
    expect(holder).toHaveAccessibleDescription(REASON);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await userEvent.tab();

    await userEvent.hover(holder);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
  });

  it('gives its reason in Dutch', async () => {
    signInAs(viewer);
    renderDownloads('nl');
    await screen.findByText('Brand guide');
    expect(screen.getByRole('button', { name: 'Nieuwe download' })).toHaveAccessibleDescription(
      'Alleen platformbeheerders voegen downloads toe',
    );
  });

  it('is a plain button for an administrator, leading to the form', async () => {
    signInAs(admin);
    renderDownloads();
    await screen.findByText('Brand guide');
    const button = screen.getByRole('button', { name: 'New Download' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();
    await userEvent.click(button);
    expect(await screen.findByTestId('location')).toHaveTextContent('/tools/downloads/create');
  });
});

describe('DisabledReason', () => {
  it('describes the control it holds and puts the reason in the tab order', async () => {
    render(
      <DisabledReason reason="Not today">
        <Button disabled>Go</Button>
      </DisabledReason>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAccessibleDescription('Not today');
    await userEvent.tab();
    expect(button.parentElement).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not today');
  });
});
