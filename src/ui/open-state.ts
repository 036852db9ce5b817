import { useCallback, useState } from 'react';

/** An open state of the component's own, or the caller's (`open`, `onOpenChange`) when given. */
export function useOpenState(controlledOpen: boolean | undefined, onOpenChange?: (open: boolean) => void) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = useCallback(
    (next: boolean) => {
      if (controlledOpen === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [controlledOpen, onOpenChange],
  );
  return [open, setOpen] as const;
}
