/**
 * An upload id names a finished resumable upload of one kind (shared/upload-kinds.ts), and its schema says which
 * (`UploadId(kind)` in shared/schema-types.ts): every `*upload_id` field of the shared input schemas declares it,
 * and every declared form's file field uploads the kind its API's schema takes, so a form never sends a picture
 * where a model file is wanted.
 */
import { type TObject, type TSchema, TypeGuard } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { UploadId, uploadKindOf } from '@shared/schema-types';
import { RESOURCES } from '@/resources';

const entityModules = import.meta.glob<Record<string, unknown>>('../../shared/entities/*.ts', {
  eager: true,
});

/** Every object schema the shared entity modules export, by module and name. */
const sharedSchemas = (): Array<[string, TObject]> =>
  Object.entries(entityModules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, TObject] => TypeGuard.IsObject(entry[1]))
      .map(([name, schema]): [string, TObject] => [`${file} ${name}`, schema]),
  );

describe('upload ids', () => {
  it('every upload id field of the shared schemas says its upload kind', () => {
    const schemas = sharedSchemas();
    const fields = schemas.flatMap(([name, schema]) =>
      Object.entries(schema.properties)
        .filter(([field]) => field.endsWith('upload_id'))
        .map(([field, property]) => [`${name}.${field}`, uploadKindOf(property as TSchema)]),
    );
    expect(fields.length).toBeGreaterThan(5);
    expect(fields.filter(([, kind]) => kind === undefined)).toEqual([]);
  });

  it('every declared form uploads the kind its schema takes', async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const resource of RESOURCES) {
      const form = resource.form;
      if (!form?.schema) continue;
      const schema = await form.schema();
      for (const field of form.fields) {
        const property = schema.properties[field.name] as TSchema | undefined;
        const wanted = property && uploadKindOf(property);
        if (!wanted && !field.upload) continue;
        checked.push(`${resource.name}.${field.name}`);
        if (field.upload !== wanted)
          wrong.push(`${resource.name}.${field.name}: ${field.upload} for ${wanted}`);
      }
    }
    expect(checked.length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('finds the kind inside Optional and Nullable, and none elsewhere', async () => {
    const { Type } = await import('@sinclair/typebox');
    expect(uploadKindOf(Type.Optional(Type.Union([UploadId('image'), Type.Null()])))).toBe('image');
    expect(uploadKindOf(Type.String({ maxLength: 64 }))).toBeUndefined();
  });
});
