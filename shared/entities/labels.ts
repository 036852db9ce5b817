/** Labels (spec 2 Tools, §3): coloured tags a company puts on its projects. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime } from '../schema-types';
/** What a create or an update may write: a name unique in the company, and a hex colour `#rgb` or `#rrggbb`. */
export const LabelInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  color: Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' }),
});
/** A label as the API answers it. */
export const LabelSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Label = Static<typeof LabelSchema>;
export type LabelInput = Static<typeof LabelInputSchema>;
