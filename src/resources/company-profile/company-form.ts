/**
 * The company profile's fields by section (spec 2 §Company profile, §5, §7): each one's input, its value from the
 * record and what `POST /companies/my-company` (`_method=PATCH`) sends: an empty demo model or accent empty, the
 * picked images only, the Autodesk option only by admins.
 */
import {
  AUTODESK_INTEGRATIONS,
  type CompanyProfile,
  type CompanyProfileInput,
  CompanyProfileInputSchema,
} from '@shared/entities/company-profile';
import type { ReactElement } from 'react';
import { IMAGE_RULES } from '@shared/image-rules';
import { type SettingsField, withSchemaRules } from '@/components/settings-form/SettingsFields';

/** The form's values: the shared input's fields (colours '' when unset), with the picked files as the picker gives them. */
export type CompanyFormValues = Partial<Omit<CompanyProfileInput, 'logo' | 'background_image'>> & {
  logo?: File | null;
  background_image?: File | null;
};
type Field = SettingsField<CompanyProfile>;

/** Company Details: the fields in a grid, the description across it; lengths from the shared input schema. */
export const COMPANY_DETAILS: readonly Field[] = withSchemaRules(CompanyProfileInputSchema, [
  { name: 'name', labelKey: 'company.name', requiredKey: 'company.nameRequired' },
  { name: 'address', labelKey: 'company.address', autoComplete: 'street-address' },
  { name: 'postal_code', labelKey: 'company.postalCode', autoComplete: 'postal-code' },
  { name: 'city', labelKey: 'company.city', autoComplete: 'address-level2' },
  { name: 'country', labelKey: 'company.country', autoComplete: 'country-name' },
  { name: 'phone_number', labelKey: 'company.phone', kind: 'tel', autoComplete: 'tel' },
  { name: 'website', labelKey: 'company.website', kind: 'url', autoComplete: 'url' },
  { name: 'description', labelKey: 'company.description', kind: 'textarea', wide: true },
]);
/** Its picker is the page's (the company's finished models). */
export const demoModelField = (control?: ReactElement): Field => ({
  name: 'demo_model_id',
  labelKey: 'company.demoModelLabel',
  kind: 'control',
  control,
  read: (company) => company.demo_model?.id ?? null,
});
const color = { kind: 'color', defaultFlag: 'is_default' } as const;
/** The default flag (hidden, switched by the card's button) and the two colours. */
export const COLORS: readonly Field[] = [
  {
    name: 'is_default',
    kind: 'hidden',
    read: (company) => company.colors.is_default,
    send: (on) => (on ? 1 : 0),
  },
  {
    ...color,
    name: 'primary_color',
    labelKey: 'company.primaryColor',
    allowAlpha: false,
    read: (company) => company.colors.primary_color ?? '',
  },
  {
    ...color,
    name: 'primary_accent',
    labelKey: 'company.primaryAccent',
    hintKey: 'company.accentHint',
    allowAlpha: true,
    optional: true,
    read: (company) => company.colors.primary_accent ?? '',
  },
];
export const IMAGES: readonly Field[] = [
  {
    name: 'logo',
    labelKey: 'company.logo',
    hintKey: 'company.logoHint',
    kind: 'image',
    rule: IMAGE_RULES.logo,
  },
  {
    name: 'background_image',
    labelKey: 'company.background',
    hintKey: 'company.backgroundHint',
    kind: 'image',
    rule: IMAGE_RULES.background,
  },
];
/** Admins' only (companyFields). */
export const AUTODESK: Field = {
  name: 'autodesk_integration',
  labelKey: 'company.autodeskLabel',
  kind: 'select',
  options: AUTODESK_INTEGRATIONS,
  optionKey: 'company.autodeskOptions',
  read: (company) => company.autodesk_integration,
  send: (value) => value || undefined,
};

/** The page's fields: the Autodesk option is sent only by admins. */
export const companyFields = (admin: boolean): readonly Field[] => [
  ...COMPANY_DETAILS,
  demoModelField(),
  ...COLORS,
  ...IMAGES,
  ...(admin ? [AUTODESK] : []),
];
