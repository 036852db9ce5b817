/**
 * A choice of several values: a button showing the chosen ones (or the placeholder) that opens a panel of
 * checkboxes right after it (so Tab walks from the button into the choices and on), placed next to the button
 * (`anchored.ts`, never clipped). ArrowDown on the button opens it on the first choice; ArrowUp/ArrowDown, Home
 * and End move between choices, Space ticks one; Escape closes it and returns to the button; a press outside or
 * the focus leaving closes it.
 */
import './form-controls.css';
import { DownOutlined } from '@ant-design/icons';
import { type FocusEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useFloatingPanel } from './anchored';
import { classNames } from './Button';
import { moveFocusByKey } from './roving-focus';

export interface MultiSelectOption<Value extends string> {
  value: Value;
  label: string;
  /** A colour dot before the label (e.g. a label's colour). */
  color?: string;
}

export interface MultiSelectProps<Value extends string> {
  /** The button's id (for a `<label htmlFor>`). */
  id?: string;
  /** The id of the element naming the control (its label): the button's name is that plus what is chosen. */
  labelId: string;
  value: readonly Value[];
  options: readonly MultiSelectOption<Value>[];
  onChange(values: Value[]): void;
  /** Shown when nothing is chosen. */
  placeholder: string;
  /** Shown in the panel when there is nothing to choose. */
  emptyText: string;
  className?: string;
}

export function MultiSelect<Value extends string>({
  id,
  labelId,
  value,
  options,
  onChange,
  placeholder,
  emptyText,
  className,
}: MultiSelectProps<Value>) {
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { open, setOpen, close, inside, style: position } = useFloatingPanel(trigger, panel, 'bottom-start');
  const ownId = useId();
  const buttonId = id ?? `${ownId}-button`;
  const valueId = `${ownId}-value`;
  const panelId = `${ownId}-panel`;
  const focusFirst = useRef(false);
  const [width, setWidth] = useState<number>();

  const checkboxes = () => [
    ...(panel.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []),
  ];

  useLayoutEffect(() => {
    if (!open || !focusFirst.current) return;
    focusFirst.current = false;
    checkboxes()[0]?.focus();
  }, [open]);

  // What is ticked shows at once, even when the owner applies the change later (a URL update in a transition).
  const [ticked, setTicked] = useState<readonly Value[]>(value);
  const [given, setGiven] = useState<readonly Value[]>(value);
  if (given.join('\n') !== value.join('\n')) {
    setGiven(value);
    setTicked(value);
  }

  const chosen = options.filter((option) => ticked.includes(option.value));
  const toggle = (option: Value, checked: boolean) => {
    const next = checked
      ? options
          .filter((item) => item.value === option || ticked.includes(item.value))
          .map((item) => item.value)
      : ticked.filter((item) => item !== option);
    setTicked(next);
    onChange(next);
  };

  const openPanel = (focusFirstChoice: boolean) => {
    focusFirst.current = focusFirstChoice;
    setWidth(trigger.current?.offsetWidth);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open) checkboxes()[0]?.focus();
    else openPanel(true);
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    moveFocusByKey(event, checkboxes());
  };

  // The focus moving on past the choices (Tab) closes the panel.
  const onBlur = (event: FocusEvent<HTMLSpanElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !inside.some((ref) => ref.current?.contains(next))) setOpen(false);
  };

  return (
    <span className={classNames('ui-multiselect', className)} onBlur={onBlur}>
      <button
        ref={trigger}
        id={buttonId}
        type="button"
        className={classNames('ui-multiselect__trigger', open && 'is-open')}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : openPanel(false))}
        onKeyDown={onTriggerKeyDown}
      >
        <span
          id={valueId}
          className={classNames(
            'ui-multiselect__value',
            !chosen.length && 'ui-multiselect__value--placeholder',
          )}
        >
          {chosen.length ? chosen.map((option) => option.label).join(', ') : placeholder}
        </span>
        <DownOutlined className="ui-multiselect__arrow" aria-hidden />
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-labelledby={labelId}
          className="ui-multiselect__panel"
          style={{ ...position, minWidth: width }}
          onKeyDown={onPanelKeyDown}
        >
          {options.length === 0 ? (
            <p className="ui-multiselect__empty">{emptyText}</p>
          ) : (
            options.map((option) => (
              <label key={option.value} className="ui-multiselect__option">
                <input
                  type="checkbox"
                  checked={ticked.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.color && (
                  <span className="ui-multiselect__dot" style={{ background: option.color }} aria-hidden />
                )}
                <span className="ui-multiselect__label">{option.label}</span>
              </label>
            ))
          )}
        </div>
      )}
    </span>
  );
}
