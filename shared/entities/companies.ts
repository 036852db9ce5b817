/**
 * Companies as administrators manage them (spec 2 Admin, §3 "Company (admin)"): every tenant of the platform with
 * its host, licences bought per licence key, colours and logo. `CompanySchema` is a list item (with whether it is
 * the company of the request's host and whether the user may delete it), `CompanyDetailSchema` one company with
 * what its form edits, `CompanyInputSchema` what a create or update may write (an update is its Partial).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { LICENCE_KEYS } from '../platforms';
import { DateTime, FileInput, Nullable } from '../schema-types';

/** A DNS label (RFC 1123): lower-case letters, digits and inner hyphens, at most 63 characters. */
export const SUB_DOMAIN_PATTERN = '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$';
/** A host name: DNS labels joined by dots. */
export const DOMAIN_PATTERN = '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$';
/** A hex colour `#rgb` or `#rrggbb`; the accent may carry alpha (`#rgba`, `#rrggbbaa`). */
export const COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';
export const ACCENT_PATTERN = '^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';
/** Licences a company may buy of one key. */
export const MAX_LICENCES = 100000;

/** A boolean as JSON or a multipart form sends it (true/false, 1/0, '1'/'0'). */
const FlagInput = Type.Union([
  Type.Boolean(),
  Type.Integer({ minimum: 0, maximum: 1 }),
  Type.String({ enum: ['0', '1', 'true', 'false'] }),
]);

const perLicence = <T extends TSchema>(schema: () => T) =>
  Type.Object(
    Object.fromEntries(LICENCE_KEYS.map((key) => [key, schema()])) as Record<
      (typeof LICENCE_KEYS)[number],
      T
    >,
  );

export const CompanyInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  sub_domain: Type.String({ minLength: 1, maxLength: 63, pattern: SUB_DOMAIN_PATTERN }),
  domain: Type.Optional(Nullable(Type.String({ maxLength: 253, pattern: DOMAIN_PATTERN }))),
  licenses: Type.Optional(
    Type.Partial(
      perLicence(() => Type.Integer({ minimum: 0, maximum: MAX_LICENCES })),
      {
        description: 'Licences bought per licence key: licenses[hatch]=5',
      },
    ),
  ),
  colors: Type.Optional(
    Type.Partial(
      Type.Object({
        primary_color: Nullable(Type.String({ pattern: COLOR_PATTERN })),
        primary_accent: Nullable(Type.String({ pattern: ACCENT_PATTERN })),
        is_default: FlagInput,
      }),
    ),
  ),
  logo: Type.Optional(FileInput),
});

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  domain: Nullable(Type.String()),
  sub_domain: Type.String(),
  fqdn: Nullable(Type.String()),
  database: Nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
  /** The company of the host the request was sent to (Select is pointless there). */
  is_current: Type.Boolean(),
  /** False for a company the user belongs to: nobody deletes their own company. */
  is_deletable: Type.Boolean(),
});

export const CompanyLicenceSchema = Type.Object({
  key: Type.String(),
  bought: Type.Integer(),
  used: Type.Integer(),
});

export const CompanyDetailSchema = Type.Object({
  ...CompanySchema.properties,
  logo: Nullable(Type.String()),
  colors: Type.Object({
    primary_color: Nullable(Type.String()),
    primary_accent: Nullable(Type.String()),
    is_default: Type.Boolean(),
  }),
  licenses: Type.Array(CompanyLicenceSchema),
});

export type Company = Static<typeof CompanySchema>;
export type CompanyDetail = Static<typeof CompanyDetailSchema>;
export type CompanyInput = Static<typeof CompanyInputSchema>;
