/**
 * The theme (spec 1 §4 'Theme'): the company's colours (the platform's when `is_default` is set) as RGB triplets
 * in `--primary` and `--accent` for the portal's own styles, beside the design tokens (src/ui/design-tokens.ts) as
 * CSS custom properties. Wraps everything, the full-screen states included; antd's tokens follow the same colours
 * and design tokens where antd is used (`AntdTheme`). Light or dark (issue 33, `color-scheme.ts`): the tokens of the
 * theme shown, the tenant's colours in the shades that read on its surfaces, and `<html>` marked with it.
 */
import { type PropsWithChildren, useLayoutEffect, useMemo } from 'react';
import { PLATFORMS } from '@shared/platforms';
import { parseHexColor, resolveThemeColors, type ThemeColors, themeVariables } from '@/lib/colors';
import { deployment } from '@/lib/runtime-config';
import { type ColorScheme, designTokensOf, designTokenVariables } from '@/ui/design-tokens';
import { DARK_CLASS, useColorScheme } from './color-scheme';
import { useTenant } from './TenantContext';

/** The theme colours of this host's tenant (the platform's until the tenant is known). */
export function useThemeColors(): ThemeColors {
  const { tenant } = useTenant();
  return useMemo(() => resolveThemeColors(tenant?.colors, PLATFORMS[deployment.host.platform]), [tenant]);
}

/**
 * The theme's CSS custom properties: the design tokens of the scheme and the tenant's colours in the shades that
 * read at 4.5:1 on its surface (in the dark theme its lightest, the elevated one: menus, dialogs).
 */
export function schemeVariables(colors: ThemeColors, scheme: ColorScheme): Record<`--${string}`, string> {
  const tokens = designTokensOf(scheme);
  return {
    ...designTokenVariables(tokens),
    ...themeVariables(colors, parseHexColor(scheme === 'dark' ? tokens.elevated : tokens.surface)!),
  };
}

export function ShellTheme({ children }: PropsWithChildren) {
  const colors = useThemeColors();
  const scheme = useColorScheme();
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(schemeVariables(colors, scheme)))
      root.style.setProperty(name, value);
    root.classList.toggle(DARK_CLASS, scheme === 'dark');
    root.style.colorScheme = scheme;
  }, [colors, scheme]);
  return children;
}
