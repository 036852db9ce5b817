/**
 * The floating machinery of the light components, one chunk loaded apart from them (floating-machinery-loader.ts):
 * @floating-ui/react with the panels of the menu button, the popover, the tooltip, the dialog and the multiple
 * choice.
 */
export { DialogPanel } from './DialogPanel';
export { MenuPanel } from './MenuPanel';
export { MultiSelectPanel } from './MultiSelectPanel';
export { PopoverPanel } from './PopoverPanel';
export { TooltipPanel } from './TooltipPanel';
