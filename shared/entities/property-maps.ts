/** Property maps (spec 2 Tools, §3; hatch only): named maps of a company. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime } from '../schema-types';

/** What a create or an update may write: a name unique in the company. */
export const PropertyMapInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
});

/** A property map as the API answers it. */
export const PropertyMapSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

export type PropertyMap = Static<typeof PropertyMapSchema>;
export type PropertyMapInput = Static<typeof PropertyMapInputSchema>;
