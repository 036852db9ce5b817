/**
 * Labels (spec 2 Tools, §3, §6, §7): list (search on name; sorts name, created_at, updated_at), show, create,
 * update, delete (for good: labels have no recycling bin; their projects lose the label) and bulk delete, with a
 * name unique in the company. The project form's label picker reads the list.
 */
import { LABEL_ABILITIES } from '../../shared/entities/label-values';
import { LabelInputSchema, LabelSchema } from '../../shared/entities/labels';
import { defineEntity } from '../http/crud/entity';
import { iso } from '../http/schema-types';

export default defineEntity({
  collection: 'labels',
  tag: 'labels',
  model: 'Label',
  entity: 'label',
  table: 'labels',
  abilities: LABEL_ABILITIES,
  schemas: { input: LabelInputSchema, item: LabelSchema },
  unique: ['name'],
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
  bulk: { actions: { delete: 'delete' } },
});
