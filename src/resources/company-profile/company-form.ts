/** The company profile form's fields, values and what `POST /companies/my-company` (`_method=PATCH`) sends (spec 2 §7). */
import type { CompanyProfile, CompanyProfileInput } from '@shared/entities/company-profile';
import {
  type SettingsTextField,
  textPayload,
  textValues,
} from '@/components/settings-form/SettingsTextFields';

/** The form's values: the shared input's fields (colours '' when unset), with the picked files as the picker gives them. */
export type CompanyFormValues = Partial<Omit<CompanyProfileInput, 'logo' | 'background_image'>> & {
  logo?: File | null;
  background_image?: File | null;
};

/** Company Details' fields in the grid, and its description below them. */
export const COMPANY_DETAILS: readonly SettingsTextField[] = [
  { name: 'name', labelKey: 'company.name', maxLength: 255, requiredKey: 'company.nameRequired' },
  { name: 'address', labelKey: 'company.address', maxLength: 255, autoComplete: 'street-address' },
  { name: 'postal_code', labelKey: 'company.postalCode', maxLength: 20, autoComplete: 'postal-code' },
  { name: 'city', labelKey: 'company.city', maxLength: 255, autoComplete: 'address-level2' },
  { name: 'country', labelKey: 'company.country', maxLength: 255, autoComplete: 'country-name' },
  { name: 'phone_number', labelKey: 'company.phone', maxLength: 50, input: 'tel', autoComplete: 'tel' },
  { name: 'website', labelKey: 'company.website', maxLength: 255, input: 'url', autoComplete: 'url' },
];
export const COMPANY_DESCRIPTION: readonly SettingsTextField[] = [
  { name: 'description', labelKey: 'company.description', maxLength: 5000, input: 'textarea' },
];
const TEXT_FIELDS = [...COMPANY_DETAILS, ...COMPANY_DESCRIPTION];

/** The fields a server message shows under. */
export const COMPANY_FIELDS = [
  ...TEXT_FIELDS.map((field) => field.name),
  'demo_model_id',
  'primary_color',
  'primary_accent',
  'autodesk_integration',
  'logo',
  'background_image',
];

export const companyValues = (company: CompanyProfile): CompanyFormValues => ({
  ...textValues(TEXT_FIELDS, company),
  demo_model_id: company.demo_model?.id ?? null,
  primary_color: company.colors.primary_color ?? '',
  primary_accent: company.colors.primary_accent ?? '',
  is_default: company.colors.is_default,
  autodesk_integration: company.autodesk_integration,
});

/** The multipart payload: an empty demo model or accent is sent empty; the Autodesk option only by admins. */
export function companyPayload(values: CompanyFormValues, admin: boolean): Record<string, unknown> {
  return {
    ...textPayload(TEXT_FIELDS, values),
    demo_model_id: values.demo_model_id ?? null,
    primary_color: values.primary_color || null,
    primary_accent: values.primary_accent || null,
    is_default: values.is_default ? 1 : 0,
    ...(admin && values.autodesk_integration ? { autodesk_integration: values.autodesk_integration } : {}),
    ...(values.logo ? { logo: values.logo } : {}),
    ...(values.background_image ? { background_image: values.background_image } : {}),
  };
}
