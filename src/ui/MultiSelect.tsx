/**
 * A choice of several values: a button showing the chosen ones (or the placeholder) that opens a panel of
 * checkboxes right after it (so Tab walks from the button into the choices and on), placed next to the button by
 * @floating-ui/react (never clipped). ArrowDown on the button opens it on the first choice; ArrowUp and ArrowDown
 * move between choices, Space ticks one; Escape closes it and returns to the button; a press outside or the
 * focus leaving closes it.
 */
import { useFloatingMachinery } from './floating-machinery-loader';
import type { MultiSelectProps } from './multi-select-props';

/**
 * The control itself is part of the floating machinery (`MultiSelectPanel.tsx`, loaded apart by
 * floating-machinery-loader.ts): it is shown in dialogs and popovers only, which have loaded it to open.
 */
export function MultiSelect<Value extends string>(props: MultiSelectProps<Value>) {
  const machinery = useFloatingMachinery(true);
  return machinery && <machinery.MultiSelectPanel {...props} />;
}
