/** The two platform variants (spec 1 §3) and the licences a tenant can buy. */
export const PLATFORM_KEYS = ['hatch', 'customerportal'] as const;
export type PlatformKey = (typeof PLATFORM_KEYS)[number];
export const DEFAULT_PLATFORM: PlatformKey = 'hatch';

export const LICENCE_KEYS = [
  'design_and_sales',
  'hatch',
  'holo_helmet',
  'realization',
  'standalone',
] as const;
export type LicenceKey = (typeof LICENCE_KEYS)[number];

export interface PlatformDefinition {
  key: PlatformKey;
  /** Translation key of the label ('Preparation & Content', 'Designs and Sales'). */
  labelKey: string;
  primaryColor: string;
  accentColor: string;
  licence: LicenceKey;
}

export const PLATFORMS: Record<PlatformKey, PlatformDefinition> = {
  hatch: {
    key: 'hatch',
    labelKey: 'platforms.hatch',
    primaryColor: '#275953',
    accentColor: '#6E9C9780',
    licence: 'hatch',
  },
  customerportal: {
    key: 'customerportal',
    labelKey: 'platforms.customerportal',
    primaryColor: '#634196',
    accentColor: '#7C6B9C80',
    licence: 'design_and_sales',
  },
};
