/** Property maps (spec 2 Tools, §3; hatch only): named maps of a company; their fields in property-map-values.ts. */
import type { Static } from '@sinclair/typebox';
import { inputSchemaOf, itemSchemaOf } from '../field-schemas';
import { PROPERTY_MAP_FIELDS } from './property-map-values';

/** What a create or an update may write. */
export const PropertyMapInputSchema = inputSchemaOf(PROPERTY_MAP_FIELDS);
/** A property map as the API answers it. */
export const PropertyMapSchema = itemSchemaOf(PROPERTY_MAP_FIELDS);
export type PropertyMap = Static<typeof PropertyMapSchema>;
export type PropertyMapInput = Static<typeof PropertyMapInputSchema>;
