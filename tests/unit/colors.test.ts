// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/platforms';
import {
  contrastRatio,
  opaqueHex,
  parseHexColor,
  readableOn,
  relativeLuminance,
  resolveThemeColors,
  rgbTriplet,
  themeVariables,
  WHITE,
} from '@/lib/colors';

describe('parseHexColor', () => {
  it.each([
    ['#275953', { r: 39, g: 89, b: 83, a: 1 }],
    ['275953', { r: 39, g: 89, b: 83, a: 1 }],
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#6E9C9780', { r: 110, g: 156, b: 151, a: 0.5 }],
    ['#0f08', { r: 0, g: 255, b: 0, a: 0.53 }],
  ])('%s', (hex, rgba) => {
    expect(parseHexColor(hex)).toEqual(rgba);
  });

  it.each([null, undefined, '', '#12', '#12345', 'red', '#ggg000'])('rejects %s', (value) => {
    expect(parseHexColor(value)).toBeNull();
  });
});

describe('the theme colours', () => {
  const hatch = PLATFORMS.hatch;
  const acme = { primary_color: '#1f6feb', primary_accent: '#58a6ff80', is_default: false };

  it('writes the primary colour as an RGB triplet in --primary and the accent in --accent', () => {
    expect(themeVariables(resolveThemeColors(acme, hatch))).toMatchObject({
      '--primary': '31 111 235',
      '--accent': '88 166 255',
      '--accent-alpha': '0.5',
    });
  });

  it("uses the platform's own colours when the company's is_default is set", () => {
    const colors = resolveThemeColors({ ...acme, is_default: true }, PLATFORMS.customerportal);
    expect(rgbTriplet(colors.primary)).toBe('99 65 150');
    expect(rgbTriplet(colors.accent)).toBe('124 107 156');
  });

  it("uses the platform's colours without a company (public host) or without a valid primary colour", () => {
    expect(rgbTriplet(resolveThemeColors(null, hatch).primary)).toBe('39 89 83');
    expect(rgbTriplet(resolveThemeColors({ ...acme, primary_color: null }, hatch).primary)).toBe('39 89 83');
  });

  it('gives a company without an accent its primary colour at half strength', () => {
    const colors = resolveThemeColors({ ...acme, primary_accent: null }, hatch);
    expect(colors.accent).toEqual({ r: 31, g: 111, b: 235, a: 0.5 });
  });

  it('drops the alpha for antd tokens', () => {
    expect(opaqueHex(parseHexColor('#6E9C9780')!)).toBe('#6e9c97');
  });
});

describe('readable colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio(WHITE, { r: 0, g: 0, b: 0, a: 1 })).toBeCloseTo(21);
    expect(contrastRatio(parseHexColor('#767676')!, WHITE)).toBeCloseTo(4.54, 1);
  });

  it('keeps a colour that already reads well and darkens a light one until it reads at 4.5:1', () => {
    const hatch = parseHexColor('#275953')!;
    expect(readableOn(hatch)).toEqual(hatch);
    const yellow = parseHexColor('#ffd400')!;
    const readable = readableOn(yellow);
    expect(contrastRatio(readable, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(yellow, WHITE)).toBeLessThan(2);
  });

  it('adds --primary-strong, the readable primary', () => {
    const variables = themeVariables(
      resolveThemeColors(
        { primary_color: '#ffd400', primary_accent: null, is_default: false },
        PLATFORMS.hatch,
      ),
    );
    expect(variables['--primary']).toBe('255 212 0');
    const strong = variables['--primary-strong'].split(' ').map(Number);
    expect(contrastRatio({ r: strong[0], g: strong[1], b: strong[2], a: 1 }, WHITE)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('adds the selected look: a tint of the primary with the primary readable on it', () => {
    const variables = themeVariables(
      resolveThemeColors(
        { primary_color: '#1f6feb', primary_accent: null, is_default: false },
        PLATFORMS.hatch,
      ),
    );
    const rgba = (triplet: string) => {
      const [r, g, b] = triplet.split(' ').map(Number);
      return { r, g, b, a: 1 };
    };
    expect(variables['--selected-bg']).toBe('233 241 253');
    expect(
      contrastRatio(rgba(variables['--selected-ink']), rgba(variables['--selected-bg'])),
    ).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the tenant colours in both themes (issue 33)', () => {
  const LIGHT_SURFACE = parseHexColor('#ffffff')!;
  const DARK_SURFACE = parseHexColor('#1f2430')!;
  const triplet = (value: string) => {
    const [r, g, b] = value.split(' ').map(Number);
    return { r, g, b, a: 1 };
  };
  /** The HSL hue in degrees (null for a grey, which has none). */
  const hue = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max - min < 8) return null;
    const d = max - min;
    const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };
  // A company's colours: the platform's teal, a mid blue, a signal red, a very light yellow, a near-white cream, a very
  // dark navy and black.
  const TENANT_COLORS = ['#275953', '#1f6feb', '#e5484d', '#ffd400', '#fff8d6', '#0b1a3a', '#000000'];

  it.each(TENANT_COLORS)(
    '%s reads at 4.5:1 on the light and the dark surface, in a shade of its own hue',
    (hex) => {
      const color = parseHexColor(hex)!;
      for (const surface of [LIGHT_SURFACE, DARK_SURFACE]) {
        const readable = readableOn(color, surface);
        expect(contrastRatio(readable, surface)).toBeGreaterThanOrEqual(4.5);
        const [before, after] = [hue(color), hue(readable)];
        if (before !== null) expect(Math.abs(after! - before)).toBeLessThan(4);
      }
    },
  );

  it('lightens a dark colour on the dark surface and darkens a light one on the light surface, changing no more than needed', () => {
    const navy = parseHexColor('#0b1a3a')!;
    expect(contrastRatio(navy, DARK_SURFACE)).toBeLessThan(1.5);
    expect(relativeLuminance(readableOn(navy, DARK_SURFACE))).toBeGreaterThan(relativeLuminance(navy));
    expect(readableOn(navy, LIGHT_SURFACE)).toEqual(navy);
    const yellow = parseHexColor('#ffd400')!;
    expect(readableOn(yellow, DARK_SURFACE)).toEqual(yellow);
    expect(relativeLuminance(readableOn(yellow, LIGHT_SURFACE))).toBeLessThan(relativeLuminance(yellow));
  });

  it.each(TENANT_COLORS)(
    '%s: the dark theme’s primary, accent, button text and selected look all read at 4.5:1',
    (hex) => {
      const colors = resolveThemeColors(
        { primary_color: hex, primary_accent: hex, is_default: false },
        PLATFORMS.hatch,
      );
      const variables = themeVariables(colors, DARK_SURFACE);
      const strong = triplet(variables['--primary-strong']);
      expect(contrastRatio(strong, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(triplet(variables['--accent-strong']), DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(triplet(variables['--on-primary']), strong)).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(triplet(variables['--on-primary']), triplet(variables['--primary-hover'])),
      ).toBeGreaterThanOrEqual(contrastRatio(triplet(variables['--on-primary']), strong));
      expect(
        contrastRatio(triplet(variables['--selected-ink']), triplet(variables['--selected-bg'])),
      ).toBeGreaterThanOrEqual(4.5);
      // The light theme keeps white text on the primary, and its hover is no lighter (black cannot darken).
      const light = themeVariables(colors);
      expect(light['--on-primary']).toBe('255 255 255');
      expect(contrastRatio(WHITE, triplet(light['--primary-hover']))).toBeGreaterThanOrEqual(
        contrastRatio(WHITE, triplet(light['--primary-strong'])),
      );
    },
  );
});
