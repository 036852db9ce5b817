/**
 * antd's part of the theme (spec 1 §4 'Theme'): the theme colours in antd's tokens, with text colours that keep
 * WCAG AA contrast whatever the company picks, antd's locale following the language, and antd's `<App>` (for
 * themed notifications, messages and modals). Loaded with the first screen that shows antd components; the
 * sign-in page and the full-screen states do without antd. In the dark theme (issue 33) antd's dark algorithm runs
 * over the same design tokens' dark set, with the tenant's colours in their dark-theme shades.
 */
import '@ant-design/v5-patch-for-react-19';
import { App as AntdApp, ConfigProvider, theme as antdThemes, type ThemeConfig } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import enUS from 'antd/es/locale/en_US';
import nlNL from 'antd/es/locale/nl_NL';
import { type PropsWithChildren, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blend,
  contrastRatio,
  isDark,
  opaqueHex,
  parseHexColor,
  readableOn,
  textOn,
  type ThemeColors,
} from '@/lib/colors';
import { toLanguage } from '@/providers/i18n';
import { type ColorScheme, designTokensOf } from '@/ui/design-tokens';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/ui/useMediaQuery';
import { useColorScheme } from './color-scheme';
import { useThemeColors } from './ShellTheme';

const ANTD_LOCALES = { en: enUS, nl: nlNL };

const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

/**
 * Tags of antd's preset colours write shade 7 on shade 1, which is too faint for several colours (green,
 * orange, gold...): take the first darker shade that reads at 4.5:1. The dark algorithm's palette runs the other
 * way (shade 1 darkest): there the first lighter one.
 */
function readablePresetTextColors(scheme: ColorScheme): Record<string, string> {
  const palette = antdThemes.getDesignToken(
    scheme === 'dark' ? { algorithm: antdThemes.darkAlgorithm } : undefined,
  ) as unknown as Record<string, string>;
  return Object.fromEntries(
    PRESET_COLORS.map((color) => {
      const background = parseHexColor(palette[`${color}1`])!;
      const shade =
        [7, 8, 9, 10].find(
          (level) => contrastRatio(parseHexColor(palette[`${color}${level}`])!, background) >= 4.5,
        ) ?? 10;
      return [`${color}7`, palette[`${color}${shade}`]];
    }),
  );
}
const PRESET_TEXT_COLORS: Partial<Record<ColorScheme, Record<string, string>>> = {};
const presetTextColors = (scheme: ColorScheme) =>
  (PRESET_TEXT_COLORS[scheme] ??= readablePresetTextColors(scheme));

/**
 * antd's tokens from the design tokens (src/ui/design-tokens.ts, the light components' source too) and the theme
 * colours, with text colours that keep WCAG AA contrast whatever the company picks, and a solid focus ring in the
 * strong theme colour (at least 3:1 on white).
 */
export function antdTheme(
  { primary }: ThemeColors,
  { reducedMotion = false, scheme = 'light' }: { reducedMotion?: boolean; scheme?: ColorScheme } = {},
  tokens = designTokensOf(scheme),
): ThemeConfig {
  // The primary as text must read on the lightest surface (the elevated one in the dark theme: menus, dialogs).
  const surface = parseHexColor(scheme === 'dark' ? tokens.elevated : tokens.surface)!;
  const dark = isDark(surface);
  const readable = readableOn(primary, surface);
  const colorPrimary = opaqueHex(readable);
  // antd lightens the primary colour on hover, which takes white button text below AA: darker shades instead (in
  // the dark theme, where the button's text is dark, lighter ones).
  const towards = dark ? { r: 255, g: 255, b: 255, a: 1 } : { r: 0, g: 0, b: 0, a: 1 };
  const darker = (amount: number) => opaqueHex(blend(towards, readable, amount));
  const onPrimary = opaqueHex(textOn(readable, surface));
  const selectedBg = blend(primary, surface, dark ? 0.2 : 0.1);
  // antd's dark algorithm derives the primary's shades from the seed, mixed towards its own dark background (a
  // blue of 4.1:1 for Acme's): the readable shades are set after it, as the light theme sets them.
  const primaryShades: Partial<MapToken> = {
    colorPrimary,
    colorPrimaryHover: darker(0.12),
    colorPrimaryActive: darker(0.24),
    colorPrimaryText: colorPrimary,
    colorPrimaryTextHover: darker(0.12),
    colorPrimaryTextActive: darker(0.24),
    colorPrimaryBorder: colorPrimary,
    colorLink: colorPrimary,
    colorLinkHover: darker(0.12),
    colorLinkActive: darker(0.24),
    colorInfo: colorPrimary,
  };
  const readablePrimary = (_: SeedToken, map?: MapToken): MapToken => ({ ...map!, ...primaryShades });
  const tableCellPadding = {
    cellPaddingBlockMD: tokens.tableCellPaddingBlock,
    cellPaddingInlineMD: tokens.tableCellPaddingInline,
  };
  return {
    algorithm: dark ? [antdThemes.darkAlgorithm, readablePrimary] : antdThemes.defaultAlgorithm,
    token: {
      colorPrimary,
      colorPrimaryHover: darker(0.12),
      colorPrimaryActive: darker(0.24),
      colorLink: colorPrimary,
      colorInfo: colorPrimary,
      colorError: tokens.danger,
      colorText: tokens.ink,
      colorTextHeading: tokens.ink,
      colorTextSecondary: tokens.textSecondary,
      colorTextDescription: tokens.textSecondary,
      colorTextTertiary: tokens.textTertiary,
      colorTextPlaceholder: tokens.placeholder,
      colorBorder: tokens.border,
      colorBorderSecondary: tokens.line,
      colorSplit: tokens.line,
      colorBgContainer: tokens.surface,
      colorBgElevated: tokens.elevated,
      colorBgLayout: tokens.canvas,
      colorBgMask: tokens.mask,
      colorBgSpotlight: tokens.tooltipBackground,
      colorTextDisabled: tokens.disabled,
      colorBgContainerDisabled: tokens.fill,
      colorFillTertiary: tokens.fill,
      colorFillSecondary: tokens.fillStrong,
      colorSuccessBg: tokens.successBackground,
      colorSuccessBorder: tokens.successBorder,
      colorWarningBg: tokens.warningBackground,
      colorWarningBorder: tokens.warningBorder,
      colorErrorBg: tokens.errorBackground,
      colorErrorBorder: tokens.errorBorder,
      controlItemBgHover: tokens.hover,
      borderRadius: tokens.radius,
      borderRadiusSM: tokens.radiusSmall,
      fontFamily: tokens.fontFamily,
      fontSize: tokens.fontSize,
      fontSizeSM: tokens.fontSizeSmall,
      fontSizeLG: tokens.fontSizeLarge,
      lineHeight: tokens.lineHeight,
      controlHeight: tokens.controlHeight,
      controlHeightSM: tokens.controlHeightSmall,
      controlHeightLG: tokens.controlHeightLarge,
      // The focus ring: antd's buttons outline in colorPrimaryBorder, its inputs glow in controlOutline.
      lineWidthFocus: tokens.focusRingWidth,
      controlOutlineWidth: tokens.focusRingWidth,
      controlOutline: colorPrimary,
      // Fields in error or warning keep a solid ring of at least 3:1 too (antd's default is a faint glow).
      colorErrorOutline: tokens.danger,
      colorWarningOutline: tokens.warningStrong,
      colorPrimaryBorder: colorPrimary,
      // Readers who asked for less motion get none: fields, menus, dialogs and messages appear and go at once.
      motion: !reducedMotion,
      ...presetTextColors(scheme),
    },
    components: {
      // White text on the primary in the light theme; in the dark one, where the primary's readable shade is
      // light, the dark surface's colour.
      Button: { primaryColor: onPrimary, dangerColor: tokens.onDanger },
      Layout: {
        headerBg: tokens.surface,
        siderBg: tokens.surface,
        headerHeight: 64,
        headerPadding: '0 20px',
      },
      Menu: {
        itemBorderRadius: tokens.radius,
        itemMarginInline: 8,
        itemHeight: tokens.controlHeightLarge,
        subMenuItemBg: 'transparent',
        itemSelectedBg: opaqueHex(selectedBg),
        itemSelectedColor: opaqueHex(readableOn(primary, selectedBg)),
      },
      // The light DataTable's look (src/ui/table.css).
      Table: {
        headerBg: tokens.tableHeaderBackground,
        headerSortActiveBg: tokens.tableHeaderSortedBackground,
        headerSortHoverBg: tokens.tableHeaderSortedBackground,
        headerSplitColor: tokens.line,
        borderColor: tokens.line,
        rowHoverBg: tokens.tableRowHoverBackground,
        headerColor: tokens.ink,
        ...tableCellPadding,
      },
    },
  };
}

export function AntdTheme({ children }: PropsWithChildren) {
  const colors = useThemeColors();
  const { i18n } = useTranslation();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const scheme = useColorScheme();
  const theme = useMemo(() => antdTheme(colors, { reducedMotion, scheme }), [colors, reducedMotion, scheme]);
  return (
    <ConfigProvider theme={theme} locale={ANTD_LOCALES[toLanguage(i18n.resolvedLanguage)]}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
