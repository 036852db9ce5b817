/**
 * Labels (spec 2 §3): the list the project form's label picker reads, with the list conventions (search on name;
 * sorts name, created_at, updated_at; default -created_at). The labels management screens complete this
 * declaration with their own issue.
 */
import { Type } from '@sinclair/typebox';
import { defineEntity } from '../http/crud/entity';
import { DateTime, iso } from '../http/schema-types';

const LabelSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

export default defineEntity({
  collection: 'labels',
  tag: 'labels',
  model: 'Label',
  entity: 'label',
  table: 'labels',
  abilities: { list: 'list-labels' },
  schemas: { input: Type.Object({}), item: LabelSchema },
  rows: (db, companyId) => db.selectFrom('labels').selectAll().where('labels.company_id', '=', companyId),
  nameOf: (label) => label.name,
  list: () => ({
    sorts: { name: 'labels.name', created_at: 'labels.created_at', updated_at: 'labels.updated_at' },
    defaultSort: '-created_at',
    search: ['labels.name'],
  }),
  present: async (_ctx, rows) =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      color: row.color,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    })),
});
