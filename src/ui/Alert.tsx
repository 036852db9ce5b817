/**
 * A message box in antd's Alert look: success, info, warning or error, with its icon and an optional close
 * button. The caller gives the role (`alert` for what the user must notice, `status` for a result) since only it
 * knows how urgent the message is.
 */
import './feedback.css';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Glyph } from './Glyph';
import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { MESSAGE_ICONS, type MessageType } from './message-types';

export type AlertType = MessageType;

export interface AlertProps {
  type: AlertType;
  message: ReactNode;
  /** A second, longer text under the message. */
  description?: ReactNode;
  showIcon?: boolean;
  role?: 'alert' | 'status';
  /** A close button: its accessible name and what it does. */
  closable?: { label: string; onClose(): void };
  /**
   * A button or link at the end. With one, the role goes to the message alone: what is announced (and read as
   * the message) is the message, not the button's text.
   */
  action?: ReactNode;
  className?: string;
}

export function Alert({
  type,
  message,
  description,
  showIcon = true,
  role,
  closable,
  action,
  className,
}: AlertProps) {
  return (
    <div
      className={classNames(
        'ui-alert',
        `ui-alert--${type}`,
        !!description && 'ui-alert--with-description',
        className,
      )}
      role={action ? undefined : role}
    >
      {showIcon && <span className="ui-alert__icon">{MESSAGE_ICONS[type]}</span>}
      <div className="ui-alert__content" role={action ? role : undefined}>
        <div className="ui-alert__message">{message}</div>
        {description && <div className="ui-alert__description">{description}</div>}
      </div>
      {action && <div className="ui-alert__action">{action}</div>}
      {closable && (
        <button
          type="button"
          className="ui-alert__close"
          aria-label={closable.label}
          onClick={closable.onClose}
        >
          <Glyph icon={CloseOutlined} />
        </button>
      )}
    </div>
  );
}
