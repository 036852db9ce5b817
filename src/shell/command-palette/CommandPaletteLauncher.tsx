/**
 * What every signed-in screen carries of the command palette (issue 33): ⌘K / Ctrl+K anywhere and a button in the
 * top bar open it. Only this is in the layout's chunk: the palette itself (cmdk, its styles, the screens, records
 * and actions it lists) is loaded when first opened, so no first visit loads it. Closing it returns the focus to
 * where it was; opening something from it leaves the focus at the start of the new page.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { CommandPaletteIcon } from '@/ui/icons';
import { Tooltip } from '@/ui/Tooltip';
// Its type only: the palette's code loads when it is first opened.
import type { PaletteClose } from './CommandPalette';

const CommandPalette = lazy(() => import('./CommandPalette'));

/** ⌘K on Apple keyboards, Ctrl+K elsewhere (both are accepted everywhere). */
export const isPaletteShortcut = (event: KeyboardEvent) =>
  (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

export function CommandPaletteLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: the chunk loads once, and the palette keeps what it loaded.
  const [wanted, setWanted] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const closedBy = useRef<PaletteClose | null>(null);

  const show = useCallback(() => {
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    closedBy.current = null;
    setWanted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (!open) show();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, show]);

  useEffect(() => {
    if (open || !closedBy.current) return;
    const how = closedBy.current;
    closedBy.current = null;
    if (how === 'navigate') document.getElementById('main-content')?.focus();
    else if (how === 'dismiss' && returnTo.current?.isConnected) returnTo.current.focus();
    returnTo.current = null;
  }, [open]);

  const close = useCallback((how: PaletteClose) => {
    closedBy.current = how;
    setOpen(false);
  }, []);

  const label = t('topBar.commandPalette');
  const shortcut = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Tooltip title={`${label} (${shortcut})`} placement="bottom">
        <Button
          variant="text"
          shape="circle"
          size="large"
          icon={<CommandPaletteIcon />}
          aria-label={label}
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onClick={show}
        />
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
