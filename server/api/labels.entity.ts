/**
 * Labels (spec 2 Tools, §3, §6, §7): list (search on name; sorts name, created_at, updated_at), show, create,
 * update, delete (for good: labels have no recycling bin; their projects lose the label), bulk delete and bulk
 * edit of the colour, with a name unique in the company; all of it from the fields of
 * shared/entities/label-values.ts. The project form's label picker reads the list.
 */
import { LABEL_ABILITIES, LABEL_FIELDS } from '../../shared/entities/label-values';
import { declaredFields } from '../http/crud/declared-fields';
import { defineEntity } from '../http/crud/entity';

export default defineEntity({
  collection: 'labels',
  tag: 'labels',
  model: 'Label',
  entity: 'label',
  abilities: LABEL_ABILITIES,
  ...declaredFields('labels', LABEL_FIELDS),
  bulk: { actions: { delete: 'delete' }, edit: { fields: ['color'] } },
});
