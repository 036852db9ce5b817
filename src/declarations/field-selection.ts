/**
 * A field selection a list or a read sends (spec 2 §7): `included_fields[]` (only these) or `excluded_fields[]`
 * (all but these), each field named with the list's resource prefix as the API reads it (`projects.name`;
 * server/http/list-query.ts). The server accepts exactly the properties of the entity's shared schema, so a
 * selection is typed by the record type (`Static<>` of that schema): a field that is not one of its properties
 * fails the type check. Each entity states its selections beside its other list settings (its `list-settings.ts`,
 * or its `*.resource.tsx`). Type-only: the record type costs the entry no bytes.
 */

/** A field the API selects on a record of type `T`: a property of the entity's shared schema. */
export type SelectableField<T> = Extract<keyof T, string>;

/** `fields` of a `T` as the API names them: `{resource}.{field}`, in the order given. */
export const fieldSelection = <T>(resource: string, fields: readonly SelectableField<T>[]): string[] =>
  fields.map((field) => `${resource}.${field}`);
