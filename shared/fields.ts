/**
 * An entity's plain fields, declared once and without TypeBox (the portal's registry, which every screen loads,
 * reads them): a field's kind gives its rules in the API's schemas (shared/field-schemas.ts), its column, sort and
 * answer on the server (server/http/crud/declared-fields.ts), and its list column, form input and overview value
 * in the portal (src/declarations/declared-fields.ts). Its texts follow by key in the entity's namespace:
 * `fields.<name>` labels it in forms and overviews, `columns.<name>` heads its list column.
 */
export const FIELD_KINDS = ['text', 'textarea', 'number', 'boolean', 'date', 'color'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FieldKindRules {
  /** A create must send it (a `{}` create answers 422 naming it). */
  required: boolean;
  /** The list sorts by it. */
  sortable: boolean;
}

/**
 * text: one line of 1 to 255 characters, required; textarea: up to 5,000 characters, optional; number: an integer
 * or nothing; boolean: false unless set; date: a calendar date `YYYY-MM-DD` or nothing; color: a hex colour `#rgb`
 * or `#rrggbb`, required.
 */
export const FIELD_KIND_RULES: Record<FieldKind, FieldKindRules> = {
  text: { required: true, sortable: true },
  textarea: { required: false, sortable: false },
  number: { required: false, sortable: true },
  boolean: { required: false, sortable: true },
  date: { required: false, sortable: true },
  color: { required: true, sortable: false },
};

export interface EntityField {
  kind: FieldKind;
}

/** An entity's fields by name (snake_case, as the API and the table name them), in the order screens show them. */
export type EntityFields = Readonly<Record<string, EntityField>>;

/** Declares an entity's fields, keeping their names and kinds in the type. */
export const defineFields = <const F extends EntityFields>(fields: F): F => fields;

/** The record's name: its first text field (searched, unique in the company, named by delete answers). */
export function nameFieldOf(fields: EntityFields): string {
  const name = Object.entries(fields).find(([, field]) => field.kind === 'text')?.[0];
  if (!name) throw new Error('An entity with declared fields needs a text field: its name.');
  return name;
}
