/**
 * Issue 33, 'why not': a control the portal shows disabled says why, the same way everywhere: the reason is its
 * accessible description and its tooltip on hover and on keyboard focus. A disabled menu entry stays in the
 * arrow keys' reach and takes no click; a row's disabled action, a bulk action the selection rules out and a light
 * button (an overview's Delete for a user without the ability: models-overview.test.tsx).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { archivableBulk } from '@/declarations/archivable-bulk';
import { RESOURCES } from '@/resources/index';
import { defineResource } from '@/declarations/types';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { Button } from '@/ui/Button';
import { MenuButton } from '@/ui/MenuButton';
import { acmeTenant, aliceUser, laravelList, RefineHarness, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

/** jsdom never matches `:focus-visible`; a browser does for a focus the keyboard moved, as every focus here. */
function keyboardFocusIsVisible() {
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
  });
}

beforeEach(() => {
  keyboardFocusIsVisible();
  tenantStore.setTenant(acmeTenant);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a disabled menu entry', () => {
  function Menu({ onDelete }: { onDelete: () => void }) {
    return (
      <MenuButton
        items={[
          { key: 'open', label: 'Open', onSelect: () => undefined },
          {
            key: 'delete',
            label: 'Delete',
            danger: true,
            disabled: true,
            reason: 'Still in use',
            onSelect: onDelete,
          },
        ]}
        renderTrigger={(props) => (
          <button type="button" {...props}>
            Actions
          </button>
        )}
      />
    );
  }

  it('is reached by the arrow keys, says why on focus and on hover, and takes no click', async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(<Menu onDelete={onDelete} />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Open' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    const remove = screen.getByRole('menuitem', { name: 'Delete' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription('Still in use');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Still in use');

    await user.keyboard('{Enter}');
    await user.click(remove);
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });
});

describe("a row menu's disabled action", () => {
  const projects = RESOURCES.find((resource) => resource.name === 'projects')!;

  it('says why in the user’s language, as description and on keyboard focus', async () => {
    stubApi().on('GET', '/projects', {
      body: laravelList([{ id: 1, name: 'Harbour Tower', status: 'active', labels: [], users: [] }], {
        perPage: 5,
      }),
    });
    signInAs({ ...aliceUser, abilities: ['view-projects'] });
    const user = userEvent.setup();
    render(
      <RefineHarness path="/projects" routePath="/projects" i18n={portalI18n('nl')}>
        <ResourceListPage resource={projects} action="list" />
      </RefineHarness>,
    );
    const trigger = await screen.findByRole('button', { name: 'Acties voor Harbour Tower' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const duplicate = screen.getByRole('menuitem', { name: 'Dupliceren' });
    await waitFor(() => expect(duplicate).toHaveFocus());
    const reason =
      'Dupliceren maakt een nieuw project: daarvoor heb je het recht nodig om projecten aan te maken';
    expect(duplicate).toHaveAccessibleDescription(reason);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });
});

describe('a bulk action the selection rules out', () => {
  interface Widget {
    id: number;
    name: string;
    status: string;
  }
  const widgets = defineResource<Widget>({
    name: 'widgets',
    ns: 'widgets',
    screen: 'widgets',
    idParam: 'widgetId',
    routes: { list: 'widgets' },
    actions: { edit: {}, delete: {} },
    list: {
      sortKey: 'widgets',
      defaultSort: '-created_at',
      pageSize: 5,
      columns: [{ field: 'name', titleKey: 'name' }],
      bulk: archivableBulk({ field: 'widgets', archive: 'edit', delete: 'delete' }),
    },
  });
  const texts = {
    title: 'Widgets',
    name: 'Name',
    bulk: { archive: 'Archive', activate: 'Activate', delete: 'Delete', archiveConfirm: 'Archive them?' },
  };

  function renderWidgets(language: string) {
    stubApi().on('GET', '/widgets', {
      body: laravelList(
        [
          { id: 1, name: 'Anchor', status: 'ARCHIVED' },
          { id: 2, name: 'Bracket', status: 'ARCHIVED' },
          { id: 3, name: 'Clamp', status: 'ACTIVE' },
        ],
        { perPage: 5 },
      ),
    });
    signInAs(aliceUser);
    const i18n = portalI18n(language);
    i18n.addResourceBundle(language, 'widgets', texts);
    render(
      <RefineHarness path="/widgets" routePath="*" i18n={i18n}>
        <ResourceListPage resource={widgets} action="list" />
      </RefineHarness>,
    );
  }

  it('stays, disabled, saying why on hover and focus; usable once the selection allows it', async () => {
    const user = userEvent.setup();
    renderWidgets('en');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anchor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bracket' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    const archive = within(bar).getByRole('button', { name: 'Archive' });
    expect(archive).toBeDisabled();
    expect(archive).toHaveAccessibleDescription('Every selected row is archived already');
    expect(within(bar).getByRole('button', { name: 'Activate' })).toBeEnabled();

    await user.hover(archive.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Every selected row is archived already');
    await user.unhover(archive.parentElement!);

    await user.click(screen.getByRole('checkbox', { name: 'Select Clamp' }));
    expect(within(bar).getByRole('button', { name: 'Archive' })).toBeEnabled();
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('dialog', { name: 'Confirmation' })).toHaveTextContent('Archive them?');
  });

  it('says why in Dutch', async () => {
    const user = userEvent.setup();
    renderWidgets('nl');
    await user.click(await screen.findByRole('checkbox', { name: 'Clamp selecteren' }));
    const bar = screen.getByRole('toolbar');
    expect(within(bar).getByRole('button', { name: 'Activate' })).toHaveAccessibleDescription(
      'Geen van de geselecteerde rijen is gearchiveerd',
    );
  });
});

describe('the light Button', () => {
  it('says why it is disabled, on keyboard focus too; a usable one has no description', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button disabled disabledReason="Nothing selected">
          Export
        </Button>
        <Button disabledReason="Nothing selected">Import</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAccessibleDescription('Nothing selected');
    expect(screen.getByRole('button', { name: 'Import' })).not.toHaveAccessibleDescription();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Nothing selected');
  });
});
