/**
 * A one-line text field in antd's Input look: an optional icon before the text, an optional clear button while
 * there is text (it empties the field and puts the focus back in it), and a warning or error border.
 */
import './form-controls.css';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { Glyph } from './Glyph';
import { type InputHTMLAttributes, type ReactNode, useRef } from 'react';
import { classNames } from './class-names';

export interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'prefix' | 'size'
> {
  value: string;
  onChange(value: string): void;
  /** An icon before the text. */
  prefix?: ReactNode;
  /** Shows a clear button with this accessible name while there is text. */
  clearLabel?: string;
  status?: 'warning' | 'error';
  size?: 'small' | 'middle' | 'large';
}

export function TextInput({
  value,
  onChange,
  prefix,
  clearLabel,
  status,
  size = 'middle',
  className,
  type = 'text',
  ...inputAttributes
}: TextInputProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span
      className={classNames(
        'ui-input',
        size !== 'middle' && `ui-input--${size}`,
        status && `ui-input--${status}`,
        inputAttributes.disabled && 'ui-input--disabled',
        className,
      )}
    >
      {prefix && <span className="ui-input__prefix">{prefix}</span>}
      <input
        ref={input}
        type={type}
        value={value}
        aria-invalid={status === 'error' || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...inputAttributes}
      />
      {clearLabel && value && !inputAttributes.disabled && !inputAttributes.readOnly && (
        <button
          type="button"
          className="ui-input__clear"
          aria-label={clearLabel}
          title={clearLabel}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <Glyph icon={CloseCircleFilled} />
        </button>
      )}
    </span>
  );
}
