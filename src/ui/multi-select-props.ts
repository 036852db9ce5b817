/**
 * What a `MultiSelect` (MultiSelect.tsx) is given, which it hands whole to the control (`MultiSelectPanel.tsx`,
 * part of the floating machinery). Below both, so the machinery never imports the component that loads it.
 */

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
