/**
 * Property maps (spec 2 Tools, §3, §6, §7, §9): list (search on name; sorts name, created_at, updated_at; default
 * `-name`), show, create, update, delete (for good: property maps have no recycling bin) and bulk delete, with a
 * name unique in the company.
 */
import { PROPERTY_MAP_ABILITIES } from '../../shared/entities/property-map-values';
import { PropertyMapInputSchema, PropertyMapSchema } from '../../shared/entities/property-maps';
import { defineEntity } from '../http/crud/entity';
import { iso } from '../http/schema-types';

export default defineEntity({
  collection: 'property-maps',
  tag: 'property-maps',
  model: 'PropertyMap',
  entity: 'property_map',
  table: 'property_maps',
  abilities: PROPERTY_MAP_ABILITIES,
  schemas: { input: PropertyMapInputSchema, item: PropertyMapSchema },
  unique: ['name'],
  rows: (db, companyId) =>
    db.selectFrom('property_maps').selectAll().where('property_maps.company_id', '=', companyId),
  nameOf: (map) => map.name,
  list: () => ({
    sorts: {
      name: 'property_maps.name',
      created_at: 'property_maps.created_at',
      updated_at: 'property_maps.updated_at',
    },
    defaultSort: '-name',
    search: ['property_maps.name'],
  }),
  present: async (_ctx, rows) =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    })),
  bulk: { actions: { delete: 'delete' } },
});
