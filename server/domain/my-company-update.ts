/**
 * The company profile's save (spec 2 §Company profile, §4 'Company save', §5; issue 18): `PATCH
 * /companies/my-company` (multipart POST with `_method=PATCH`) writes the details, the colours and the default
 * flag, the demo model (a finished model of the company; empty clears it), the logo (jpeg, png, bmp) and the
 * background image (jpeg, bmp); the Autodesk option only for admins. Files are checked before anything is
 * written, and the row is written in one statement.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import { CompanyProfileInputSchema } from '../../shared/entities/company-profile';
import type { Session } from '../auth/session';
import type { CompaniesTable } from '../db/schema';
import { type FieldErrors, forbidden, ValidationError } from '../errors/http-errors';
import { FileField, Flag, Nullable, toBoolean } from '../http/schema-types';
import type { Company } from '../auth/tenancy';
import { type AcceptedUpload, acceptUpload, storeUpload, type UploadRule } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import { invalidSelection, requiredField } from '../http/field-checks';
import { STORAGE_FOLDERS } from '../storage/storage-folders';

const {
  name,
  logo: _logo,
  background_image: _background,
  is_default: _isDefault,
  ...fields
} = CompanyProfileInputSchema.properties;

export const MyCompanyUpdateBody = Type.Object({
  ...fields,
  name: Type.Optional(Nullable(name)),
  is_default: Type.Optional(Nullable(Flag)),
  logo: Type.Optional(Nullable(FileField)),
  background_image: Type.Optional(Nullable(FileField)),
});
type UpdateInput = typeof MyCompanyUpdateBody.static;

const TEXT_FIELDS = [
  'address',
  'postal_code',
  'country',
  'city',
  'phone_number',
  'website',
  'description',
] as const;

/** Runs an upload check, collecting its 422 into `errors`. */
async function checked(
  errors: FieldErrors,
  value: unknown,
  field: string,
  rule: UploadRule,
): Promise<AcceptedUpload | null> {
  try {
    return await acceptUpload(value, field, rule);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
    return null;
  }
}

export async function updateMyCompany(
  request: FastifyRequest,
  session: Session,
  body: UpdateInput,
): Promise<Company> {
  const { db, storage } = request.server.ctx;
  const companyId = session.company.id;
  if (
    body.autodesk_integration !== undefined &&
    body.autodesk_integration !== session.company.autodesk_integration
  ) {
    if (!session.user.admin) throw forbidden();
  }
  const errors: FieldErrors = {};
  if ('name' in body && !body.name) errors.name = [requiredField('name')];
  if (body.demo_model_id) {
    const model = await db
      .selectFrom('project_models')
      .select('id')
      .where('id', '=', body.demo_model_id)
      .where('company_id', '=', companyId)
      .where('status', '=', 'FINISHED')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!model) errors.demo_model_id = [invalidSelection('demo_model_id')];
  }
  const logo = await checked(errors, body.logo, 'logo', IMAGE_RULES.logo);
  const background = await checked(errors, body.background_image, 'background_image', IMAGE_RULES.background);
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const changes: Updateable<CompaniesTable> = { updated_at: new Date() };
  if (body.name) changes.name = body.name;
  for (const field of TEXT_FIELDS) if (field in body) changes[field] = body[field] ?? null;
  if ('primary_color' in body) changes.primary_color = body.primary_color ?? null;
  if ('primary_accent' in body) changes.primary_accent = body.primary_accent ?? null;
  if (body.is_default !== undefined && body.is_default !== null)
    changes.colors_is_default = toBoolean(body.is_default);
  if (body.autodesk_integration !== undefined) changes.autodesk_integration = body.autodesk_integration;
  if ('demo_model_id' in body) changes.demo_model_id = body.demo_model_id ?? null;
  if (logo) changes.logo = await storeUpload(storage, STORAGE_FOLDERS.companyLogos, logo);
  if (background)
    changes.background_image = await storeUpload(storage, STORAGE_FOLDERS.companyBackgrounds, background);
  return db
    .updateTable('companies')
    .set(changes)
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
