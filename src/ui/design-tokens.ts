/**
 * The design tokens of the whole portal, in one place: the light components read them as CSS custom properties
 * (`designTokenVariables`, set on the document by ShellTheme beside the tenant's colours), antd reads them as its
 * theme tokens (AntdTheme.tsx). So a list page (light components) and a form page (antd) share control heights,
 * radii, font sizes, colours, the focus ring and the table's look.
 */
import { SELECT_MENU, SKELETON_ANIMATION_SECONDS } from '@/lib/interface-constants';

export const DESIGN_TOKENS = {
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontSize: 14,
  fontSizeSmall: 12,
  fontSizeLarge: 16,
  lineHeight: 1.5715,
  controlHeight: 32,
  controlHeightSmall: 24,
  controlHeightLarge: 40,
  radius: 8,
  radiusSmall: 6,
  /** The text colours (all at least 4.5:1 on white). */
  ink: '#101828',
  inkMuted: '#475467',
  textSecondary: '#4b5565',
  textTertiary: '#5d6778',
  placeholder: '#667085',
  danger: '#c4320a',
  /** The focus ring of a field in warning (amber, at least 3:1 on white where antd's #faad14 is 1.9:1). */
  warningStrong: '#a15c00',
  /** Control borders, and the lighter lines between parts (table rows, dividers). */
  border: '#d0d5dd',
  line: '#e4e7ec',
  surface: '#ffffff',
  canvas: '#f5f7fa',
  hover: 'rgba(16, 24, 40, 0.06)',
  active: 'rgba(16, 24, 40, 0.1)',
  /** The width of the focus ring, drawn in the theme's strong colour (at least 3:1 on white). */
  focusRingWidth: 2,
  /** Tables: the header's and a hovered row's background, and the cells' padding (antd's middle size). */
  tableHeaderBackground: '#f9fafb',
  tableHeaderSortedBackground: '#f2f4f7',
  tableRowHoverBackground: '#f9fafb',
  tableCellPaddingBlock: 12,
  tableCellPaddingInline: 8,
  /** Spec 1 §9: the loading skeleton's shimmer (seconds), light and antd alike. */
  skeletonAnimationSeconds: SKELETON_ANIMATION_SECONDS,
  /** Spec 2 §9: the select menu's height bounds (px). */
  selectMenuMaxHeight: SELECT_MENU.maxHeight,
  selectMenuMinHeight: SELECT_MENU.minHeight,
} as const;

const px = (value: number) => `${value}px`;

/** The tokens as the CSS custom properties the light components' styles use. */
export function designTokenVariables(tokens = DESIGN_TOKENS): Record<`--${string}`, string> {
  return {
    '--ui-font-family': tokens.fontFamily,
    '--ui-font-size': px(tokens.fontSize),
    '--ui-font-size-small': px(tokens.fontSizeSmall),
    '--ui-font-size-large': px(tokens.fontSizeLarge),
    '--ui-line-height': String(tokens.lineHeight),
    '--ui-control-height': px(tokens.controlHeight),
    '--ui-control-height-small': px(tokens.controlHeightSmall),
    '--ui-control-height-large': px(tokens.controlHeightLarge),
    '--ui-radius': px(tokens.radius),
    '--ui-radius-small': px(tokens.radiusSmall),
    '--ink': tokens.ink,
    '--ink-muted': tokens.inkMuted,
    '--ui-text-secondary': tokens.textSecondary,
    '--ui-text-tertiary': tokens.textTertiary,
    '--ui-placeholder': tokens.placeholder,
    '--ui-danger': tokens.danger,
    '--ui-warning-strong': tokens.warningStrong,
    '--ui-border': tokens.border,
    '--line': tokens.line,
    '--surface': tokens.surface,
    '--canvas': tokens.canvas,
    '--ui-hover': tokens.hover,
    '--ui-active': tokens.active,
    '--ui-focus-ring-width': px(tokens.focusRingWidth),
    '--ui-table-header-bg': tokens.tableHeaderBackground,
    '--ui-table-header-sorted-bg': tokens.tableHeaderSortedBackground,
    '--ui-table-row-hover-bg': tokens.tableRowHoverBackground,
    '--ui-table-cell-padding': `${px(tokens.tableCellPaddingBlock)} ${px(tokens.tableCellPaddingInline)}`,
    '--ui-skeleton-duration': `${tokens.skeletonAnimationSeconds}s`,
    '--ui-select-menu-max-height': px(tokens.selectMenuMaxHeight),
    '--ui-select-menu-min-height': px(tokens.selectMenuMinHeight),
  };
}
