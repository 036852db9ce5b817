/**
 * A choice of several values: a button showing the chosen ones (or the placeholder) that opens a panel of
 * checkboxes right after it (so Tab walks from the button into the choices and on), placed next to the button by
 * @floating-ui/react (never clipped). ArrowDown on the button opens it on the first choice; ArrowUp and ArrowDown
 * move between choices, Space ticks one; Escape closes it and returns to the button; a press outside or the
 * focus leaving closes it.
 */
import { useFloatingMachinery } from './floating-machinery-loader';

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

/**
 * The control itself is part of the floating machinery (`MultiSelectPanel.tsx`, loaded apart by
 * floating-machinery-loader.ts): it is shown in dialogs and popovers only, which have loaded it to open.
 */
export function MultiSelect<Value extends string>(props: MultiSelectProps<Value>) {
  const machinery = useFloatingMachinery(true);
  return machinery && <machinery.MultiSelectPanel {...props} />;
}
