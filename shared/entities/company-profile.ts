/**
 * The company profile (spec 2 §Company profile, §3 'My company', 'Tenant licences', §5): the signed-in user's
 * company as `GET /companies/my-company` answers it, and what `POST /companies/my-company` (`_method=PATCH`) may
 * write.
 */
import { type Static, Type } from '@sinclair/typebox';
import { FileInput, Nullable, StringEnum } from '../schema-types';

export const AUTODESK_INTEGRATIONS = ['no', 'yes', 'yes_always_prompt'] as const;

/** A hex colour of 3 or 6 digits, or 4 or 8 with alpha (spec 2 §5), with its `#`. */
export const HEX_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';

export const CompanyColorsSchema = Type.Object({
  primary_color: Nullable(Type.String()),
  primary_accent: Nullable(Type.String()),
  is_default: Type.Boolean(),
});

export const CompanyProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sub_domain: Type.String(),
  logo: Nullable(Type.String()),
  background_image: Nullable(Type.String()),
  address: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  country: Nullable(Type.String()),
  city: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  website: Nullable(Type.String()),
  description: Nullable(Type.String()),
  colors: CompanyColorsSchema,
  autodesk_integration: StringEnum(AUTODESK_INTEGRATIONS),
  demo_model: Nullable(
    Type.Object({ id: Type.Integer(), name: Type.String(), preview_image_url: Nullable(Type.String()) }),
  ),
  licenses: Type.Array(Type.Object({ key: Type.String(), bought: Type.Integer(), used: Type.Integer() })),
});

/** What a save may write; absent fields stay as they are. */
export const CompanyProfileInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  address: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  postal_code: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  country: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  city: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  phone_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  website: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  primary_color: Type.Optional(Nullable(Type.String({ pattern: HEX_COLOR_PATTERN }))),
  primary_accent: Type.Optional(Nullable(Type.String({ pattern: HEX_COLOR_PATTERN }))),
  is_default: Type.Optional(Type.Boolean()),
  autodesk_integration: Type.Optional(StringEnum(AUTODESK_INTEGRATIONS)),
  demo_model_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  logo: Type.Optional(FileInput),
  background_image: Type.Optional(FileInput),
});

export type CompanyProfile = Static<typeof CompanyProfileSchema>;
export type CompanyProfileInput = Static<typeof CompanyProfileInputSchema>;
