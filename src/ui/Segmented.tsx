/**
 * A row of mutually exclusive choices in antd's Segmented look, as a radio group (WAI-ARIA radio group pattern):
 * one Tab stop on the chosen option; the arrow keys, Home and End choose another.
 */
import './ui.css';
import './segmented.css';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { classNames } from './class-names';

export interface SegmentedOption<Value extends string> {
  value: Value;
  label: ReactNode;
  /**
   * The option's accessible name, and its tooltip, where its label shows no text (an icon, which is then hidden
   * from assistive technology: `aria-hidden`).
   */
  name?: string;
  disabled?: boolean;
}

export interface SegmentedProps<Value extends string> {
  value: Value;
  options: SegmentedOption<Value>[];
  onChange(value: Value): void;
  /** The group's accessible name. */
  label: string;
  /** Disables every option. */
  disabled?: boolean;
  /** Fills the width, options sharing it equally. */
  block?: boolean;
  size?: 'small' | 'middle';
  className?: string;
}

export function Segmented<Value extends string>({
  value,
  options,
  onChange,
  label,
  disabled = false,
  block = false,
  size = 'middle',
  className,
}: SegmentedProps<Value>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = (option: SegmentedOption<Value>) => !disabled && !option.disabled;
  const chosenIndex = options.findIndex((option) => option.value === value);
  // The Tab stop: the chosen option, or the first that can be chosen.
  const tabStop =
    chosenIndex >= 0 && enabled(options[chosenIndex]) ? chosenIndex : options.findIndex(enabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const from = Math.max(chosenIndex, 0);
    let target: number | undefined;
    if (step !== undefined) {
      for (let offset = 1; offset <= options.length && target === undefined; offset += 1) {
        const index = (from + step * offset + options.length * offset) % options.length;
        if (enabled(options[index])) target = index;
      }
    } else if (event.key === 'Home') target = options.findIndex(enabled);
    else if (event.key === 'End') target = options.findLastIndex(enabled);
    if (target === undefined || target < 0) return;
    event.preventDefault();
    buttons.current[target]?.focus();
    if (target !== chosenIndex) onChange(options[target].value);
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={classNames(
        'ui-segmented',
        block && 'ui-segmented--block',
        size === 'small' && 'ui-segmented--small',
        className,
      )}
      onKeyDown={onKeyDown}
    >
      {options.map((option, index) => {
        const checked = index === chosenIndex;
        return (
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={option.name}
            title={option.name}
            tabIndex={index === tabStop ? 0 : -1}
            disabled={!enabled(option)}
            className={classNames('ui-segmented__option', checked && 'is-checked')}
            onClick={() => {
              if (!checked) onChange(option.value);
            }}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
