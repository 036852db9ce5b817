/** Labels (spec 2 Tools, §3): coloured tags a company puts on its projects; their fields in label-values.ts. */
import type { Static } from '@sinclair/typebox';
import { inputSchemaOf, itemSchemaOf } from '../field-schemas';
import { LABEL_FIELDS } from './label-values';

/** What a create or an update may write. */
export const LabelInputSchema = inputSchemaOf(LABEL_FIELDS);
/** A label as the API answers it. */
export const LabelSchema = itemSchemaOf(LABEL_FIELDS);
export type Label = Static<typeof LabelSchema>;
export type LabelInput = Static<typeof LabelInputSchema>;
