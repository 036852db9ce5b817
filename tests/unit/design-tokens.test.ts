// @vitest-environment node
/**
 * Issue 33: one set of design tokens per theme drives the light components (CSS custom properties) and antd (its
 * dark algorithm in the dark theme); every text colour of a theme reads at 4.5:1 on each of its backgrounds.
 */
import { describe, expect, it } from 'vitest';
import { theme as antdThemes } from 'antd';
import { PLATFORMS } from '@shared/platforms';
import { blend, contrastRatio, parseHexColor, resolveThemeColors, type Rgba } from '@/lib/colors';
import { antdTheme } from '@/shell/tenant/AntdTheme';
import { schemeVariables } from '@/shell/tenant/ShellTheme';
import {
  DARK_DESIGN_TOKENS,
  DESIGN_TOKENS,
  designTokenVariables,
  type DesignTokens,
} from '@/ui/design-tokens';

/** An `rgba(…)` token laid over an opaque background, or a hex token. */
function over(value: string, background: Rgba): Rgba {
  const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(value);
  if (!rgba) return parseHexColor(value)!;
  const [, r, g, b, a] = rgba.map(Number);
  return blend({ r, g, b, a: 1 }, background, a);
}

const TEXT = ['ink', 'inkMuted', 'textSecondary', 'textTertiary', 'danger', 'success', 'warning'] as const;

function backgrounds(tokens: DesignTokens): Rgba[] {
  const solid = [
    tokens.surface,
    tokens.canvas,
    tokens.elevated,
    tokens.tableHeaderBackground,
    tokens.tableHeaderSortedBackground,
    tokens.tableRowHoverBackground,
    tokens.successBackground,
    tokens.warningBackground,
    tokens.errorBackground,
    tokens.neutralBackground,
  ].map((hex) => parseHexColor(hex)!);
  // A hovered menu entry or button, on the elevated surface.
  return [...solid, over(tokens.hover, parseHexColor(tokens.elevated)!)];
}

describe.each([
  ['light', DESIGN_TOKENS],
  ['dark', DARK_DESIGN_TOKENS],
])('the %s design tokens', (_, tokens) => {
  it('keep every text colour at 4.5:1 or more on every background', () => {
    for (const name of TEXT)
      for (const background of backgrounds(tokens))
        expect({ name, ratio: contrastRatio(parseHexColor(tokens[name])!, background) >= 4.5 }).toEqual({
          name,
          ratio: true,
        });
    // A field's placeholder, in a field on the surface or in a dialog.
    for (const background of [tokens.surface, tokens.elevated])
      expect(
        contrastRatio(parseHexColor(tokens.placeholder)!, parseHexColor(background)!),
      ).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the dark theme', () => {
  // Acme's blue, which antd's dark algorithm alone takes below 4.5:1.
  const colors = resolveThemeColors(
    { primary_color: '#1f6feb', primary_accent: null, is_default: false },
    PLATFORMS.hatch,
  );

  it('gives the light components the dark tokens and the tenant colour in a shade that reads on them', () => {
    const variables = schemeVariables(colors, 'dark');
    expect(variables).toMatchObject(designTokenVariables(DARK_DESIGN_TOKENS));
    const [r, g, b] = variables['--primary-strong'].split(' ').map(Number);
    expect(
      contrastRatio({ r, g, b, a: 1 }, parseHexColor(DARK_DESIGN_TOKENS.elevated)!),
    ).toBeGreaterThanOrEqual(4.5);
    expect(schemeVariables(colors, 'light')['--surface']).toBe(DESIGN_TOKENS.surface);
  });

  it('gives antd its dark algorithm over the same tokens, with readable primary and button text', () => {
    const dark = antdTheme(colors, { scheme: 'dark' });
    const { token, components } = dark;
    expect([dark.algorithm].flat()).toContain(antdThemes.darkAlgorithm);
    expect(token).toMatchObject({
      colorText: DARK_DESIGN_TOKENS.ink,
      colorBgContainer: DARK_DESIGN_TOKENS.surface,
      colorBgElevated: DARK_DESIGN_TOKENS.elevated,
      colorBorder: DARK_DESIGN_TOKENS.border,
    });
    // What antd's components use, after its algorithm: the primary, links and primary text read on the dark surface.
    const derived = antdThemes.getDesignToken(dark);
    const primary = parseHexColor(derived.colorPrimary)!;
    for (const used of [derived.colorLink, derived.colorPrimaryText])
      expect(
        contrastRatio(parseHexColor(used)!, parseHexColor(DARK_DESIGN_TOKENS.elevated)!),
      ).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(primary, parseHexColor(DARK_DESIGN_TOKENS.elevated)!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(parseHexColor(components!.Button!.primaryColor)!, primary)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(antdTheme(colors).algorithm).toBe(antdThemes.defaultAlgorithm);
  });
});
