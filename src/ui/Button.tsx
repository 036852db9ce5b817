/**
 * The portal's button for screens that load without antd (the signed-in layout, the list screens): antd's look
 * (variants, sizes, circle icon buttons, a spinner while loading) on a plain `<button>`.
 */
import './ui.css';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { classNames } from './class-names';
import { DisabledReason } from './DisabledReason';
import { Spinner } from './Spinner';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: 'default' | 'primary' | 'text' | 'link';
  danger?: boolean;
  icon?: ReactNode;
  size?: 'small' | 'middle' | 'large';
  shape?: 'default' | 'circle';
  /** Shows a spinner in place of the icon and ignores clicks (`aria-busy`). */
  loading?: boolean;
  block?: boolean;
  htmlType?: 'button' | 'submit' | 'reset';
  /**
   * Why it is disabled (with `disabled`, issue 33): a tooltip on hover and keyboard focus and the button's
   * accessible description (`DisabledReason`).
   */
  disabledReason?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'default',
  danger,
  icon,
  size = 'middle',
  shape = 'default',
  loading,
  block,
  htmlType = 'button',
  className,
  children,
  disabled,
  disabledReason,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const iconOnly = children === undefined || children === null || children === false;
  const button = (
    <button
      ref={ref}
      type={htmlType}
      className={classNames(
        'ui-button',
        `ui-button--${variant}`,
        size !== 'middle' && `ui-button--${size}`,
        shape === 'circle' && 'ui-button--circle',
        iconOnly && 'ui-button--icon-only',
        danger && 'ui-button--danger',
        block && 'ui-button--block',
        loading && 'ui-button--loading',
        className,
      )}
      disabled={disabled}
      aria-busy={loading || undefined}
      // While loading a press does nothing: not even a submit button's submitting of its form.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <Spinner size="small" /> : icon && <span className="ui-button__icon">{icon}</span>}
      {!iconOnly && <span className="ui-button__label">{children}</span>}
    </button>
  );
  return <DisabledReason reason={disabled ? disabledReason : undefined}>{button}</DisabledReason>;
}
