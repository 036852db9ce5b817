/**
 * The design tokens of the whole portal, in one place: the light components read them as CSS custom properties
 * (`designTokenVariables`, set on the document by ShellTheme beside the tenant's colours), antd reads them as its
 * theme tokens (AntdTheme.tsx). So a list page (light components) and a form page (antd) share control heights,
 * radii, font sizes, colours, the focus ring and the table's look. The colours come in two sets, light
 * (`DESIGN_TOKENS`) and dark (`DARK_DESIGN_TOKENS`, the same names): the dark theme swaps the set, antd adds its
 * dark algorithm (issue 33).
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
  /** Menus, dialogs, popovers and notices over the page (in the dark theme lighter than the surface). */
  elevated: '#ffffff',
  hover: 'rgba(16, 24, 40, 0.06)',
  active: 'rgba(16, 24, 40, 0.1)',
  /** A quiet fill (disabled controls, the segmented control's track) and a stronger one (its hovered option). */
  fill: 'rgba(0, 0, 0, 0.04)',
  fillStrong: 'rgba(0, 0, 0, 0.06)',
  /** Disabled text (exempt from the contrast rule) and quiet icons (sort arrows, a field's clear button). */
  disabled: 'rgba(0, 0, 0, 0.25)',
  iconMuted: 'rgba(0, 0, 0, 0.35)',
  /** Text on a danger background (the primary danger button, a focused danger menu entry). */
  onDanger: '#ffffff',
  /** The page behind a dialog, and a tooltip's background (its text is white). */
  mask: 'rgba(0, 0, 0, 0.45)',
  tooltipBackground: 'rgba(0, 0, 0, 0.85)',
  /** Status colours for text and icons (at least 4.5:1 on the surface), and the alerts' and tags' backgrounds. */
  success: '#067647',
  warning: '#b54708',
  successBackground: '#f6ffed',
  successBorder: '#b7eb8f',
  warningBackground: '#fffbe6',
  warningBorder: '#ffe58f',
  errorBackground: '#fff2f0',
  errorBorder: '#ffccc7',
  neutralBackground: '#fafafa',
  neutralBorder: '#d9d9d9',
  /** A quiet grey behind chips, pills and inset panels. */
  subtle: '#f2f4f7',
  /** The loading skeleton's bars and the shimmer passing over them. */
  skeleton: 'rgba(0, 0, 0, 0.06)',
  skeletonHighlight: 'rgba(0, 0, 0, 0.15)',
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
};

export type DesignTokens = typeof DESIGN_TOKENS;

/**
 * The dark theme: the same tokens with dark surfaces and light text. Every text colour reads at 4.5:1 or more on
 * every dark background here (the elevated one, the lightest, included; tests/unit/design-tokens.test.ts).
 */
export const DARK_DESIGN_TOKENS: DesignTokens = {
  ...DESIGN_TOKENS,
  ink: '#e7eaf0',
  inkMuted: '#b6bfcc',
  textSecondary: '#b0b8c5',
  textTertiary: '#a0a9b8',
  placeholder: '#939cab',
  danger: '#ff8a6b',
  warningStrong: '#f5b453',
  border: '#434b5b',
  line: '#2c3340',
  surface: '#161a22',
  canvas: '#0e1117',
  elevated: '#1f2430',
  hover: 'rgba(255, 255, 255, 0.08)',
  active: 'rgba(255, 255, 255, 0.12)',
  fill: 'rgba(255, 255, 255, 0.06)',
  fillStrong: 'rgba(255, 255, 255, 0.1)',
  disabled: 'rgba(255, 255, 255, 0.3)',
  iconMuted: 'rgba(255, 255, 255, 0.4)',
  onDanger: '#161a22',
  mask: 'rgba(0, 0, 0, 0.65)',
  tooltipBackground: '#3a4150',
  success: '#5fd58f',
  warning: '#f5b453',
  successBackground: '#14281c',
  successBorder: '#2b5a39',
  warningBackground: '#2b2412',
  warningBorder: '#5e4a17',
  errorBackground: '#2e1715',
  errorBorder: '#6a2c24',
  neutralBackground: '#1f2430',
  neutralBorder: '#434b5b',
  subtle: '#252b37',
  tableHeaderBackground: '#1c212b',
  tableHeaderSortedBackground: '#232936',
  tableRowHoverBackground: '#1c212b',
  skeleton: 'rgba(255, 255, 255, 0.08)',
  skeletonHighlight: 'rgba(255, 255, 255, 0.16)',
};

/** The light or the dark theme (issue 33). */
export type ColorScheme = 'light' | 'dark';

export const designTokensOf = (scheme: ColorScheme): DesignTokens =>
  scheme === 'dark' ? DARK_DESIGN_TOKENS : DESIGN_TOKENS;

const px = (value: number) => `${value}px`;

/** The tokens as the CSS custom properties the light components' styles use. */
export function designTokenVariables(tokens: DesignTokens = DESIGN_TOKENS): Record<`--${string}`, string> {
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
    '--ui-elevated': tokens.elevated,
    '--ui-hover': tokens.hover,
    '--ui-active': tokens.active,
    '--ui-fill': tokens.fill,
    '--ui-fill-strong': tokens.fillStrong,
    '--ui-disabled': tokens.disabled,
    '--ui-icon-muted': tokens.iconMuted,
    '--ui-on-danger': tokens.onDanger,
    '--ui-mask': tokens.mask,
    '--ui-tooltip-bg': tokens.tooltipBackground,
    '--ui-success': tokens.success,
    '--ui-warning': tokens.warning,
    '--ui-success-bg': tokens.successBackground,
    '--ui-success-border': tokens.successBorder,
    '--ui-warning-bg': tokens.warningBackground,
    '--ui-warning-border': tokens.warningBorder,
    '--ui-error-bg': tokens.errorBackground,
    '--ui-error-border': tokens.errorBorder,
    '--ui-neutral-bg': tokens.neutralBackground,
    '--ui-neutral-border': tokens.neutralBorder,
    '--ui-subtle': tokens.subtle,
    '--ui-skeleton': tokens.skeleton,
    '--ui-skeleton-highlight': tokens.skeletonHighlight,
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
