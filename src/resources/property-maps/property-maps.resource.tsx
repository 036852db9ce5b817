/**
 * Property maps (spec 2 Tools, §3, §6, §8, §9; hatch only): declared once; the list, the forms, the routes, the
 * menu entry and the search group derive from it; its columns, form fields, record type and form rules from the
 * fields of `shared/entities/property-map-values.ts`. Rows open edit on click without an ability check (spec 2 Tools).
 */
import NodeIndexOutlined from '@ant-design/icons-svg/es/asn/NodeIndexOutlined';
import { Glyph } from '@/ui/Glyph';
import {
  PROPERTY_MAP_ABILITIES,
  PROPERTY_MAP_FIELDS,
  PROPERTY_MAP_IMPORT,
} from '@shared/entities/property-map-values';
import type { PropertyMap } from '@shared/entities/property-maps';
import { columnsOf, formFieldsOf } from '@/declarations/declared-fields';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { defineResource } from '@/declarations/types';
import { TOOLS_GUARD } from '@/lib/route-guards';
import settings from './list-settings';

const editPath = (map: Pick<PropertyMap, 'id'>) => `/tools/property-maps/edit/${map.id}`;

export default defineResource<PropertyMap>({
  name: settings.name,
  ns: 'property-maps',
  screen: 'propertyMaps',
  idParam: 'propertyId',
  routes: {
    list: settings.route,
    create: 'tools/property-maps/create',
    edit: 'tools/property-maps/edit/:propertyId',
  },
  guard: { ...TOOLS_GUARD, platform: 'hatch' },
  ...permissionsFrom(PROPERTY_MAP_ABILITIES, { platform: 'hatch' }),
  navigation: {
    labelKey: 'nav.propertyMaps',
    icon: <Glyph icon={NodeIndexOutlined} />,
    group: 'tools',
    order: 30,
  },
  search: { key: 'propertyMaps', order: 120, platform: 'hatch', rowAbility: PROPERTY_MAP_ABILITIES.update },
  list: {
    ...settings.list,
    import: PROPERTY_MAP_IMPORT,
    columns: columnsOf(PROPERTY_MAP_FIELDS),
    rowActions: [editRowAction(editPath)],
    rowLink: { to: editPath },
  },
  form: {
    schema: () => import('@shared/entities/property-maps').then((entity) => entity.PropertyMapInputSchema),
    fields: formFieldsOf(PROPERTY_MAP_FIELDS),
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'property_map_name' },
});
