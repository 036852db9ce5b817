/**
 * Property maps (spec 2 Tools, §3, §6, §7, §9): list (search on name; sorts name, created_at, updated_at; default
 * `-name`), show, create, update, delete (for good: property maps have no recycling bin) and bulk delete, with a
 * name unique in the company; all of it from the fields of shared/entities/property-map-values.ts.
 */
import {
  PROPERTY_MAP_ABILITIES,
  PROPERTY_MAP_FIELDS,
  PROPERTY_MAP_IMPORT,
} from '../../shared/entities/property-map-values';
import { declaredFields } from '../http/crud/declared-fields';
import { defineEntity } from '../http/crud/entity';

export default defineEntity({
  collection: 'property-maps',
  tag: 'property-maps',
  model: 'PropertyMap',
  entity: 'property_map',
  abilities: PROPERTY_MAP_ABILITIES,
  import: PROPERTY_MAP_IMPORT,
  ...declaredFields('property_maps', PROPERTY_MAP_FIELDS, { defaultSort: '-name' }),
  bulk: { actions: { delete: 'delete' } },
});
