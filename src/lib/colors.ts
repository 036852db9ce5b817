/**
 * Theme colours (spec 1 §4 'Theme'): hex colours from the company or the platform become RGB triplets for the
 * CSS variables `--primary` and `--accent` (used as `rgb(var(--primary) / 0.2)`), and plain hex for antd tokens.
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` optional); null for anything else. */
export function parseHexColor(value: string | null | undefined): Rgba | null {
  const hex = (value ?? '').trim().replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) return null;
  const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return {
    r: channel(0),
    g: channel(1),
    b: channel(2),
    a: full.length === 8 ? Math.round((channel(3) / 255) * 100) / 100 : 1,
  };
}

/** `39 89 83` for `#275953`: the form `rgb(var(--primary))` and `rgb(var(--primary) / 0.5)` expect. */
export const rgbTriplet = ({ r, g, b }: Rgba) => `${r} ${g} ${b}`;

/** `#275953` (the alpha dropped), the form antd's colour tokens expect. */
export const opaqueHex = ({ r, g, b }: Rgba) =>
  `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

export interface ThemeColorSource {
  primary_color: string | null;
  primary_accent: string | null;
  is_default: boolean;
}

export interface PlatformColors {
  primaryColor: string;
  accentColor: string;
}

export interface ThemeColors {
  primary: Rgba;
  accent: Rgba;
}

/**
 * The company's colours, or the platform's own when the company uses the defaults (`is_default`), has no valid
 * primary colour, or no company is known (public host). A company without an accent gets its primary at 50%.
 */
export function resolveThemeColors(
  company: ThemeColorSource | null | undefined,
  platform: PlatformColors,
): ThemeColors {
  const platformPrimary = parseHexColor(platform.primaryColor)!;
  const platformAccent = parseHexColor(platform.accentColor)!;
  const primary = company && !company.is_default ? parseHexColor(company.primary_color) : null;
  if (!primary) return { primary: platformPrimary, accent: platformAccent };
  return { primary, accent: parseHexColor(company!.primary_accent) ?? { ...primary, a: 0.5 } };
}

/**
 * The CSS custom properties of a theme: `--primary` and `--accent` as spec 1 §4 defines them,
 * `--primary-strong` and `--accent-strong`, the colours' shades (lightness changed, never the hue) that read at
 * 4.5:1 as text on the theme's surface (`background`: white in the light theme, the lightest dark surface in the
 * dark one), `--on-primary`, the text on a `--primary-strong` background (white, or the dark surface where the
 * strong shade is light), `--primary-hover`, a pressed-on look of that background that moves away from its text
 * (darker under white text, lighter under dark text) so it reads at least as well, and the selected look of a navigation entry (antd's selected menu item):
 * `--selected-bg`, a tint of the primary on the surface, with `--selected-ink`, the primary's shade readable on it.
 */
export function themeVariables(
  { primary, accent }: ThemeColors,
  background: Rgba = WHITE,
): Record<
  | '--primary'
  | '--primary-strong'
  | '--accent'
  | '--accent-alpha'
  | '--accent-strong'
  | '--on-primary'
  | '--primary-hover'
  | '--selected-bg'
  | '--selected-ink',
  string
> {
  const strong = readableOn(primary, background);
  const selectedBackground = blend(primary, background, isDark(background) ? 0.2 : 0.1);
  const onPrimary = textOn(strong, background);
  const hover = blend(strong, relativeLuminance(onPrimary) > 0.5 ? BLACK : WHITE, 1 - HOVER_SHIFT);
  return {
    '--primary': rgbTriplet(primary),
    '--primary-strong': rgbTriplet(strong),
    '--accent': rgbTriplet(accent),
    '--accent-alpha': String(accent.a),
    '--accent-strong': rgbTriplet(readableOn(accent, background)),
    '--on-primary': rgbTriplet(onPrimary),
    '--primary-hover': rgbTriplet(hover),
    '--selected-bg': rgbTriplet(selectedBackground),
    '--selected-ink': rgbTriplet(readableOn(primary, selectedBackground)),
  };
}

/** How far a primary button's hover moves from its colour, away from its text. */
const HOVER_SHIFT = 0.12;

/** Text on a solid colour: white where it reads at 4.5:1, the (dark) surface otherwise. */
export function textOn(color: Rgba, darkSurface: Rgba): Rgba {
  return contrastRatio(color, WHITE) >= AA_CONTRAST || !isDark(darkSurface)
    ? WHITE
    : { ...darkSurface, a: 1 };
}

/** WCAG relative luminance of an opaque colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `color` laid over `background` at `alpha` (both opaque results). */
export const blend = (color: Rgba, background: Rgba, alpha: number): Rgba => ({
  r: Math.round(color.r * alpha + background.r * (1 - alpha)),
  g: Math.round(color.g * alpha + background.g * (1 - alpha)),
  b: Math.round(color.b * alpha + background.b * (1 - alpha)),
  a: 1,
});

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * Whether a background is dark: black text reads worse on it than white text (relative luminance below about
 * 0.18), so text on it is lightened rather than darkened.
 */
export const isDark = (background: Rgba) => relativeLuminance(background) < 0.179;

/**
 * The colour's shade that reaches the contrast ratio against the background (WCAG AA for text is 4.5): a company
 * may pick a light or a dark primary colour, and text in it must stay readable in both themes. Only the lightness
 * changes, never the hue: on a light background the colour is mixed with black (a shade), on a dark one with white
 * (a tint), in steps of 5%, as little as needed.
 */
export function readableOn(color: Rgba, background: Rgba = WHITE, ratio = 4.5): Rgba {
  const opaque = { ...color, a: 1 };
  const towards = isDark(background) ? WHITE : BLACK;
  let candidate = opaque;
  for (let step = 1; contrastRatio(candidate, background) < ratio && step <= 20; step++) {
    candidate = blend(towards, opaque, step * 0.05);
  }
  return candidate;
}

/**
 * What a colour field keeps of typed text (spec 2 §5): hex digits only, at most 6 (8 with alpha), with a `#`;
 * '' when nothing is left.
 */
export function cleanHexInput(value: string, allowAlpha: boolean): string {
  const digits = value.replace(/[^0-9a-f]/gi, '').slice(0, allowAlpha ? 8 : 6);
  return digits ? `#${digits}` : '';
}

/** A complete hex colour: 3 or 6 digits, or 4 or 8 with alpha. */
export const isHexColor = (value: string, allowAlpha: boolean) =>
  new RegExp(`^#([0-9a-f]{3}|[0-9a-f]{6}${allowAlpha ? '|[0-9a-f]{4}|[0-9a-f]{8}' : ''})$`, 'i').test(value);

/** WCAG AA for normal text: white text on the colour needs 4.5:1. */
export const AA_CONTRAST = 4.5;

/** The contrast of white text on a colour, or null when it is no colour. */
export function contrastWithWhite(value: string | null | undefined): number | null {
  const color = parseHexColor(value);
  return color ? contrastRatio({ ...color, a: 1 }, WHITE) : null;
}

/**
 * The names of the colours the portal offers and uses (antd's preset palette: the labels' and the statuses'
 * colours), by opaque hex: a colour is shown with its name where it has one ('Green #52c41a'), its value alone
 * otherwise. The name is a key of `lists:colors`.
 */
const COLOR_NAMES: Readonly<Record<string, string>> = {
  '#f5222d': 'red',
  '#fa541c': 'volcano',
  '#fa8c16': 'orange',
  '#faad14': 'gold',
  '#fadb14': 'yellow',
  '#a0d911': 'lime',
  '#52c41a': 'green',
  '#13c2c2': 'cyan',
  '#1677ff': 'blue',
  '#1890ff': 'blue',
  '#2f54eb': 'geekblue',
  '#722ed1': 'purple',
  '#eb2f96': 'magenta',
  '#bfbfbf': 'lightGrey',
  '#8c8c8c': 'grey',
  '#595959': 'darkGrey',
  '#000000': 'black',
  '#ffffff': 'white',
};

/** The name key of a colour (`green` for `#52C41A` or `#52c41a`), or undefined for a colour without a name. */
export function colorNameKey(value: string | null | undefined): string | undefined {
  const color = parseHexColor(value);
  return color && color.a === 1 ? COLOR_NAMES[opaqueHex(color)] : undefined;
}
