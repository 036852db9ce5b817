/**
 * A panel that a button opens next to itself (a non-modal dialog, like antd's Popover on click), on
 * @floating-ui/react: the focus moves into it on open; Escape closes it and returns to the button; a press
 * outside closes it, and so does the focus leaving it. The panel follows its button in the document, so Tab
 * walks from the button into it and on to what comes after the button; its fixed position keeps scrolling
 * containers from clipping it.
 */
import './ui.css';
import './popover.css';
import { useId, useRef, useState } from 'react';
import { useFloatingMachinery } from './floating-machinery-loader';
import { useOpenState } from './open-state';
import type { PopoverProps, PopoverTriggerProps } from './popover-props';

/**
 * Until it is first opened, a popover is its button alone: the floating machinery (`PopoverPanel.tsx`, loaded apart
 * by floating-machinery-loader.ts) mounts with the first opening and stays.
 */
export function Popover(props: PopoverProps) {
  const { renderTrigger, open: controlledOpen, onOpenChange } = props;
  const [open, setOpen] = useOpenState(controlledOpen, onOpenChange);
  const [started, setStarted] = useState(false);
  if (open && !started) setStarted(true);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const machinery = useFloatingMachinery(started);

  const triggerProps: PopoverTriggerProps = {
    ref: trigger,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen(!open),
  };

  return (
    <>
      {renderTrigger(triggerProps)}
      {started && machinery && (
        <machinery.PopoverPanel
          {...props}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          panelId={panelId}
        />
      )}
    </>
  );
}
