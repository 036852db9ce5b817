/**
 * A modal dialog (WAI-ARIA dialog pattern) in antd's Modal look, on @floating-ui/react: a titled panel over a
 * backdrop, centred, or sliding in from the left as a drawer. While open, Tab and Shift+Tab stay inside it, the
 * page behind is `inert` (out of reach of the pointer, the keyboard and assistive technology) and does not
 * scroll; Escape and a press on the backdrop close it; when it closes, the focus returns to where it was (the
 * button that opened it). Renders nothing while closed.
 */
import type { DialogProps } from './dialog-props';
import { useFloatingMachinery } from './floating-machinery-loader';

/** The panel mounts with each opening (`DialogPanel.tsx`, loaded apart by floating-machinery-loader.ts). */
export function Dialog(props: DialogProps) {
  const machinery = useFloatingMachinery(props.open);
  return props.open && machinery ? <machinery.DialogPanel {...props} /> : null;
}
