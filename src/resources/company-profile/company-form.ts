/** The company profile form's values and what `POST /companies/my-company` (`_method=PATCH`) sends (spec 2 §7). */
import type { CompanyProfile, CompanyProfileInput } from '@shared/entities/company-profile';

/** The form's values: the shared input's fields (colours '' when unset), with the picked files as the picker gives them. */
export type CompanyFormValues = Partial<Omit<CompanyProfileInput, 'logo' | 'background_image'>> & {
  logo?: File | null;
  background_image?: File | null;
};

export const COMPANY_FIELDS = [
  'name',
  'address',
  'postal_code',
  'country',
  'city',
  'phone_number',
  'website',
  'description',
  'demo_model_id',
  'primary_color',
  'primary_accent',
  'autodesk_integration',
  'logo',
  'background_image',
] as const satisfies ReadonlyArray<keyof CompanyFormValues>;

export const companyValues = (company: CompanyProfile): CompanyFormValues => ({
  name: company.name,
  address: company.address,
  postal_code: company.postal_code,
  country: company.country,
  city: company.city,
  phone_number: company.phone_number,
  website: company.website,
  description: company.description,
  demo_model_id: company.demo_model?.id ?? null,
  primary_color: company.colors.primary_color ?? '',
  primary_accent: company.colors.primary_accent ?? '',
  is_default: company.colors.is_default,
  autodesk_integration: company.autodesk_integration,
});

/** The multipart payload: an empty demo model or accent is sent empty; the Autodesk option only by admins. */
export function companyPayload(values: CompanyFormValues, admin: boolean): Record<string, unknown> {
  return {
    name: values.name ?? '',
    address: values.address ?? null,
    postal_code: values.postal_code ?? null,
    country: values.country ?? null,
    city: values.city ?? null,
    phone_number: values.phone_number ?? null,
    website: values.website ?? null,
    description: values.description ?? null,
    demo_model_id: values.demo_model_id ?? null,
    primary_color: values.primary_color || null,
    primary_accent: values.primary_accent || null,
    is_default: values.is_default ? 1 : 0,
    ...(admin && values.autodesk_integration ? { autodesk_integration: values.autodesk_integration } : {}),
    ...(values.logo ? { logo: values.logo } : {}),
    ...(values.background_image ? { background_image: values.background_image } : {}),
  };
}
