/**
 * The API's schemas of an entity's declared fields (shared/fields.ts): what a create or an update may write, and a
 * record as the API answers it (with `id`, `created_at` and `updated_at`). The server validates and documents with
 * them; the portal's forms take their rules from the input schema and its record type from the item schema.
 */
import {
  type TBoolean,
  type TInteger,
  type TNull,
  type TObject,
  type TOptional,
  type TString,
  type TUnion,
  Type,
} from '@sinclair/typebox';
import type { EntityFields, FieldKind } from './fields';
import { DateTime, Nullable } from './schema-types';

type OrNull<T extends TString | TInteger> = TUnion<[T, TNull]>;

interface InputSchemas {
  text: TString;
  textarea: TOptional<OrNull<TString>>;
  number: TOptional<OrNull<TInteger>>;
  boolean: TOptional<TBoolean>;
  date: TOptional<OrNull<TString>>;
  color: TString;
}

interface ItemSchemas {
  text: TString;
  textarea: OrNull<TString>;
  number: OrNull<TInteger>;
  boolean: TBoolean;
  date: OrNull<TString>;
  color: TString;
}

const INPUT: { [K in FieldKind]: () => InputSchemas[K] } = {
  text: () => Type.String({ minLength: 1, maxLength: 255 }),
  textarea: () => Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  number: () => Type.Optional(Nullable(Type.Integer())),
  boolean: () => Type.Optional(Type.Boolean()),
  date: () => Type.Optional(Nullable(Type.String({ format: 'date' }))),
  color: () => Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' }),
};

const ITEM: { [K in FieldKind]: () => ItemSchemas[K] } = {
  text: () => Type.String(),
  textarea: () => Nullable(Type.String()),
  number: () => Nullable(Type.Integer()),
  boolean: () => Type.Boolean(),
  date: () => Nullable(Type.String()),
  color: () => Type.String(),
};

export type InputProperties<F extends EntityFields> = {
  -readonly [K in keyof F]: InputSchemas[F[K]['kind']];
};
export type ItemProperties<F extends EntityFields> = { id: TInteger } & {
  -readonly [K in keyof F]: ItemSchemas[F[K]['kind']];
} & { created_at: TString; updated_at: TString };

const propertiesOf = <S>(fields: EntityFields, schemaOf: (kind: FieldKind) => S) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, schemaOf(field.kind)]));

/** What a create or an update may write. */
export const inputSchemaOf = <F extends EntityFields>(fields: F): TObject<InputProperties<F>> =>
  Type.Object(propertiesOf(fields, (kind) => INPUT[kind]())) as TObject<InputProperties<F>>;

/** A record as the API answers it. */
export const itemSchemaOf = <F extends EntityFields>(fields: F): TObject<ItemProperties<F>> =>
  Type.Object({
    id: Type.Integer(),
    ...propertiesOf(fields, (kind) => ITEM[kind]()),
    created_at: DateTime,
    updated_at: DateTime,
  } as ItemProperties<F>);
