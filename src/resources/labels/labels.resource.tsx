/** Labels (spec 2 Tools, §3, §6, §8, §9): declared once; the list, the forms, the routes, the menu entry and
 * the search group derive from it, its columns, form fields, record type and form rules from the fields of
 * `shared/entities/label-values.ts`. */
import TagsOutlined from '@ant-design/icons-svg/es/asn/TagsOutlined';
import { LABEL_ABILITIES, LABEL_FIELDS } from '@shared/entities/label-values';
import type { Label } from '@shared/entities/labels';
import { columnsOf, formFieldsOf } from '@/declarations/declared-fields';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { defineResource } from '@/declarations/types';
import { TOOLS_GUARD } from '@/lib/route-guards';
import { Glyph } from '@/ui/Glyph';
import settings from './list-settings';

const editPath = (label: Pick<Label, 'id'>) => `/tools/labels/edit/${label.id}`;

export default defineResource<Label>({
  name: settings.name,
  ns: 'labels',
  screen: 'labels',
  idParam: 'labelId',
  routes: { list: settings.route, create: 'tools/labels/create', edit: 'tools/labels/edit/:labelId' },
  guard: TOOLS_GUARD,
  ...permissionsFrom(LABEL_ABILITIES),
  navigation: { labelKey: 'nav.labels', icon: <Glyph icon={TagsOutlined} />, group: 'tools', order: 10 },
  search: { key: 'labels', order: 100, rowAbility: LABEL_ABILITIES.update },
  list: {
    ...settings.list,
    bulk: { field: 'labels', actions: [], edit: ['color'] },
    columns: columnsOf(LABEL_FIELDS),
    rowActions: [editRowAction(editPath)],
    rowLink: { to: editPath, needs: 'edit' },
  },
  form: {
    schema: () => import('@shared/entities/labels').then((entity) => entity.LabelInputSchema),
    fields: formFieldsOf(LABEL_FIELDS),
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'label_name' },
});
