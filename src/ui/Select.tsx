/** A native `<select>` in antd's look: the browser's own list, keyboard and screen-reader support. */
import './ui.css';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { classNames } from './class-names';

export interface SelectOption<Value extends string | number> {
  value: Value;
  label: string;
}

export interface SelectProps<Value extends string | number> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'multiple' | 'size' | 'prefix'
> {
  value: Value | undefined;
  options: SelectOption<Value>[];
  onChange(value: Value | undefined): void;
  /** The text of the empty choice; without it a value must be chosen. */
  placeholder?: string;
  /** An icon before the value. */
  prefix?: ReactNode;
  size?: 'small' | 'middle';
  variant?: 'outlined' | 'borderless';
  /** 'error': a red border (and `aria-invalid`), as antd's Select with `status="error"`. */
  status?: 'error';
}

export function Select<Value extends string | number>({
  value,
  options,
  onChange,
  placeholder,
  prefix,
  size = 'middle',
  variant = 'outlined',
  status,
  className,
  ...rest
}: SelectProps<Value>) {
  return (
    <span
      className={classNames(
        'ui-select',
        size === 'small' && 'ui-select--small',
        variant === 'borderless' && 'ui-select--borderless',
        !!prefix && 'ui-select--prefixed',
        status && `ui-select--${status}`,
        value === undefined && placeholder !== undefined && 'ui-select--placeholder',
        className,
      )}
    >
      {prefix && <span className="ui-select__prefix">{prefix}</span>}
      <select
        value={value === undefined ? '' : String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          onChange(chosen?.value);
        }}
        aria-invalid={status === 'error' || undefined}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
