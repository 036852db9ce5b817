/**
 * A control the user sees but may not use, with the reason why (issue 31: e.g. New Download for someone who is
 * not an administrator). The reason shows as a tooltip (`Tooltip`, on @floating-ui/react) on hover and on keyboard
 * focus, and is the control's accessible description. A disabled button takes neither the focus nor the pointer,
 * so a wrapper in the tab order carries both (the button lets the pointer through to it), described by the reason
 * too. Give it the disabled control as its one child; without a reason (the control is usable) it is that child
 * alone.
 */
import './ui.css';
import { cloneElement, type ReactElement, useId } from 'react';
import { Tooltip } from './Tooltip';

export function DisabledReason({
  reason,
  children,
}: {
  reason: string | undefined;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const reasonId = useId();
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span className="ui-disabled-reason" tabIndex={0} aria-describedby={reasonId}>
        {cloneElement(children, { 'aria-describedby': reasonId })}
        {/* A description may name a hidden element: read, never shown twice. */}
        <span id={reasonId} hidden>
          {reason}
        </span>
      </span>
    </Tooltip>
  );
}
