/**
 * The theme (spec 1 §4 'Theme'): the company's colours (the platform's when `is_default` is set) as RGB triplets
 * in `--primary` and `--accent` for the portal's own styles, beside the design tokens (src/ui/design-tokens.ts) as
 * CSS custom properties. Wraps everything, the full-screen states included; antd's tokens follow the same colours
 * and design tokens where antd is used (`AntdTheme`).
 */
import { type PropsWithChildren, useLayoutEffect, useMemo } from 'react';
import { PLATFORMS } from '@shared/platforms';
import { resolveThemeColors, type ThemeColors, themeVariables } from '@/lib/colors';
import { deployment } from '@/lib/runtime-config';
import { designTokenVariables } from '@/ui/design-tokens';
import { useTenant } from './TenantContext';

/** The theme colours of this host's tenant (the platform's until the tenant is known). */
export function useThemeColors(): ThemeColors {
  const { tenant } = useTenant();
  return useMemo(() => resolveThemeColors(tenant?.colors, PLATFORMS[deployment.host.platform]), [tenant]);
}

export function ShellTheme({ children }: PropsWithChildren) {
  const colors = useThemeColors();
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries({ ...designTokenVariables(), ...themeVariables(colors) }))
      document.documentElement.style.setProperty(name, value);
  }, [colors]);
  return children;
}
