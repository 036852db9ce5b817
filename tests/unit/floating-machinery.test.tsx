/**
 * The light components' floating machinery loads apart from them (src/ui/floating-machinery-loader.ts): a menu
 * button opened before it has arrived opens once it is in, on the item its opening asked for; and a mounted
 * component has it loaded when the browser is next idle, without being opened.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The components and the loader as a fresh page has them: nothing loaded yet (the setup file loaded its own). */
async function freshModules() {
  vi.resetModules();
  const loader = await import('@/ui/floating-machinery-loader');
  const { MenuButton } = await import('@/ui/MenuButton');
  return { loader, MenuButton };
}

let idleCallbacks: IdleRequestCallback[] = [];
beforeEach(() => {
  idleCallbacks = [];
  // The browser never idles unless a test says so.
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idleCallbacks.push(callback));
});
afterEach(() => vi.unstubAllGlobals());

describe('the floating machinery', () => {
  it('opens a menu asked for before it arrived, on the item the opening asked for', async () => {
    const { MenuButton } = await freshModules();
    const user = userEvent.setup();
    render(
      <MenuButton
        items={[
          { key: 'rename', label: 'Rename' },
          { key: 'delete', label: 'Delete' },
        ]}
        renderTrigger={(props) => (
          <button type="button" {...props}>
            Actions
          </button>
        )}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await screen.findByRole('menu', { name: 'Actions' });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
  });

  it('is loaded when the browser is idle after a component has painted, unopened', async () => {
    const { loader } = await freshModules();
    function Probe() {
      return <p>{loader.useFloatingMachinery(false) ? 'in' : 'not yet'}</p>;
    }
    render(<Probe />);
    // Not before the browser is idle: the effects have run, and only asked for an idle moment.
    await act(async () => undefined);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    expect(idleCallbacks).toHaveLength(1);
    act(() => idleCallbacks[0]!({ didTimeout: false, timeRemaining: () => 10 }));
    await screen.findByText('in');
  });
});
