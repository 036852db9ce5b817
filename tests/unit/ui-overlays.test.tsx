/**
 * The light overlays (src/ui/Dialog.tsx, Popover.tsx, Segmented.tsx, MenuButton.tsx, Tooltip.tsx): what they
 * tell assistive technology, where the focus goes, and how the keyboard and a press outside close them.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MenuButton } from '@/ui/MenuButton';
import { Popover } from '@/ui/Popover';
import { Segmented } from '@/ui/Segmented';
import { Tooltip } from '@/ui/Tooltip';
import enCommon from '../../public/locales/en/common.json';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: enCommon } },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const renderWithTexts = (element: ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{element}</MemoryRouter>
    </I18nextProvider>,
  );

function DialogExample({ initialFocus }: { initialFocus?: 'first' | 'none' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete project</Button>
      <Dialog
        open={open}
        title="Delete Harbour Tower?"
        onClose={() => setOpen(false)}
        initialFocus={initialFocus}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" danger onClick={() => setOpen(false)}>
              Delete
            </Button>
          </>
        }
      >
        <p>It moves to the recycling bin.</p>
        <input aria-label="Reason" />
      </Dialog>
      <button type="button">After</button>
    </>
  );
}

describe('Dialog', () => {
  it('renders nothing while closed, then a named modal dialog with the focus on its first control', async () => {
    const user = userEvent.setup();
    renderWithTexts(<DialogExample />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete project' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Harbour Tower?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('It moves to the recycling bin.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveFocus());
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside, and gives the focus back when Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithTexts(<DialogExample />);
    const opener = screen.getByRole('button', { name: 'Delete project' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveFocus());

    await user.tab();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await user.tab({ shift: true });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes by its close button and by a press on the backdrop, not by a press inside', async () => {
    const user = userEvent.setup();
    renderWithTexts(<DialogExample />);
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    await user.click(screen.getByText('It moves to the recycling bin.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    // The overlay around the panel is the backdrop.
    await user.click(document.querySelector('.ui-dialog-root')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("with initialFocus 'none' focuses the dialog itself", async () => {
    const user = userEvent.setup();
    renderWithTexts(<DialogExample initialFocus="none" />);
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());
  });

  it('closes only the innermost of two dialogs on Escape', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} title="Outer" onClose={() => setOuter(false)}>
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
          <Dialog open={inner} title="Inner" onClose={() => setInner(false)}>
            <button type="button">Inside</button>
          </Dialog>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    renderWithTexts(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus());
  });

  it('as a drawer without a visible header is still named by its title', async () => {
    renderWithTexts(
      <Dialog open placement="left" hideHeader title="Main navigation" onClose={() => undefined}>
        <a href="/projects">Projects</a>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Projects' })).toHaveFocus());
  });
});

function PopoverExample() {
  return (
    <>
      <Popover
        label="Filters"
        renderTrigger={(props) => (
          <Button {...props} aria-label="Show filters">
            Filters
          </Button>
        )}
      >
        <button type="button">First</button>
        <button type="button">Last</button>
      </Popover>
      <button type="button">Next in page</button>
    </>
  );
}

describe('Popover', () => {
  it('opens a named dialog next to its button and takes the focus into it', async () => {
    const user = userEvent.setup();
    renderWithTexts(<PopoverExample />);
    const trigger = screen.getByRole('button', { name: 'Show filters' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);

    const panel = screen.getByRole('dialog', { name: 'Filters' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(panel).toHaveFocus());
    expect(panel).not.toHaveAttribute('aria-modal');
  });

  it('closes on Escape with the focus back on its button, and on a press outside', async () => {
    const user = userEvent.setup();
    renderWithTexts(<PopoverExample />);
    const trigger = screen.getByRole('button', { name: 'Show filters' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.click(trigger);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'First' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next in page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Tab past its last control closes it and goes on after the button', async () => {
    const user = userEvent.setup();
    renderWithTexts(<PopoverExample />);
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'First' })).toHaveFocus());
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next in page' })).toHaveFocus());
  });
});

function SegmentedExample({ onChange = () => undefined }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('unread');
  return (
    <Segmented
      label="Show"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={[
        { value: 'unread', label: 'Unread' },
        { value: 'flagged', label: 'Flagged', disabled: true },
        { value: 'all', label: 'All' },
      ]}
    />
  );
}

describe('Segmented', () => {
  it('is a named radio group with the chosen option checked and the only Tab stop', async () => {
    const user = userEvent.setup();
    renderWithTexts(
      <>
        <SegmentedExample />
        <button type="button">After</button>
      </>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(group).getByRole('radio', { name: 'Unread' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'All' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Flagged' })).toBeDisabled();

    await user.tab();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Unread' })).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'After' })).toHaveFocus());
  });

  it('chooses with the arrow keys (skipping disabled options, wrapping), Home, End and a click', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithTexts(<SegmentedExample onChange={onChange} />);
    const radio = (name: string) => screen.getByRole('radio', { name });

    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(radio('All')).toBeChecked();
    await waitFor(() => expect(radio('All')).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    expect(radio('Unread')).toBeChecked();
    await user.keyboard('{End}');
    expect(radio('All')).toBeChecked();
    await user.keyboard('{Home}');
    expect(radio('Unread')).toBeChecked();
    await user.click(radio('All'));
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['all', 'unread', 'all', 'unread', 'all']);
  });

  it('names an option whose label is an icon by its name, the icon hidden', () => {
    renderWithTexts(
      <Segmented
        label="View"
        value="grid"
        onChange={() => undefined}
        options={[
          { value: 'grid', label: <svg aria-hidden />, name: 'Grid view' },
          { value: 'list', label: <svg aria-hidden />, name: 'List view' },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'View' });
    expect(within(group).getByRole('radio', { name: 'Grid view' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'List view' })).toHaveAttribute('title', 'List view');
  });

  it('disables every option when disabled', () => {
    renderWithTexts(
      <Segmented
        label="Show"
        value="all"
        disabled
        onChange={() => undefined}
        options={[
          { value: 'unread', label: 'Unread' },
          { value: 'all', label: 'All' },
        ]}
      />,
    );
    for (const option of screen.getAllByRole('radio')) expect(option).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });
});

describe('MenuButton', () => {
  function Menu({ onRename = () => undefined }: { onRename?: () => void }) {
    return (
      <MenuButton
        items={[
          { key: 'rename', label: 'Rename', onSelect: onRename },
          { key: 'locked', label: 'Move', disabled: true },
          { key: 'divider', divider: true },
          { key: 'open', label: 'Open', to: '/projects/1' },
        ]}
        renderTrigger={(props) => (
          <button type="button" {...props}>
            Actions
          </button>
        )}
      />
    );
  }

  it('opens on Enter with the focus on the first item; arrows skip disabled items; Escape returns', async () => {
    const user = userEvent.setup();
    renderWithTexts(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('menu', { name: 'Actions' })).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Open' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('opens on ArrowUp at the last item and runs the chosen action', async () => {
    const onRename = vi.fn();
    const user = userEvent.setup();
    renderWithTexts(<Menu onRename={onRename} />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Open' })).toHaveFocus());
    await user.keyboard('{Home}{Enter}');
    expect(onRename).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opened by its caller (a context menu) and closed, opens again from its button', async () => {
    function CallerOpened() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Context menu
          </button>
          <MenuButton
            items={[{ key: 'rename', label: 'Rename' }]}
            open={open}
            onOpenChange={setOpen}
            renderTrigger={(props) => (
              <button type="button" {...props}>
                Actions
              </button>
            )}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithTexts(<CallerOpened />);
    await user.click(screen.getByRole('button', { name: 'Context menu' }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menu', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('Tooltip', () => {
  it('describes its element while hovered or focused, and keeps the element’s own handlers and ref', async () => {
    const onFocus = vi.fn();
    let element: HTMLElement | null = null;
    const user = userEvent.setup();
    renderWithTexts(
      <Tooltip title="Preparation & Content" placement="right">
        <button
          type="button"
          aria-label="Platform"
          onFocus={onFocus}
          ref={(node) => {
            element = node;
          }}
        />
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Platform' });
    expect(element).toBe(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(button);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Preparation & Content');
    expect(button).toHaveAccessibleDescription('Preparation & Content');
    await user.unhover(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    expect(onFocus).toHaveBeenCalledOnce();
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
