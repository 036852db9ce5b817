/**
 * Planned maintenance (spec 2 Admin, §3, §8, §9): declared once; the list, the forms, the routes and the menu entry
 * derive from it, the record type and the form's rules from `shared/entities/planned-maintenance.ts`. Signed-in
 * users are told of a window a day ahead by the layout's banner (src/shell/layout/UpcomingMaintenance.tsx).
 */
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import { Glyph } from '@/ui/Glyph';
import type { PlannedMaintenance } from '@shared/entities/planned-maintenance';
import { PLANNED_MAINTENANCE_ABILITIES } from '@shared/entities/planned-maintenance-values';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { defineResource } from '@/declarations/types';
import settings from './list-settings';

const ADMIN = { admin: true } as const;

const editPath = (window: Pick<PlannedMaintenance, 'id'>) => `/admin/maintenance/edit/${window.id}`;

export default defineResource<PlannedMaintenance>({
  name: settings.name,
  ns: 'adminMaintenance',
  screen: 'maintenance',
  idParam: 'maintenanceId',
  routes: {
    list: settings.route,
    create: 'admin/maintenance/create',
    edit: 'admin/maintenance/edit/:maintenanceId',
  },
  guard: ADMIN,
  ...permissionsFrom(PLANNED_MAINTENANCE_ABILITIES),
  navigation: {
    labelKey: 'nav.maintenance',
    icon: <Glyph icon={HistoryOutlined} />,
    group: 'admin',
    order: 30,
  },
  list: {
    ...settings.list,
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'description', titleKey: 'columns.description', ellipsis: true, hideBelow: 'md' },
      {
        field: 'start_datetime',
        titleKey: 'columns.start',
        kind: 'datetime',
        sort: 'start_datetime',
      },
      {
        field: 'end_datetime',
        titleKey: 'columns.end',
        kind: 'datetime',
        sort: 'end_datetime',
      },
    ],
    rowActions: [editRowAction(editPath, { needs: undefined })],
    rowLink: { to: editPath },
  },
  form: {
    schema: () =>
      import('@shared/entities/planned-maintenance').then((entity) => entity.PlannedMaintenanceInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      { name: 'start_datetime', labelKey: 'fields.start', kind: 'datetime' },
      { name: 'end_datetime', labelKey: 'fields.end', kind: 'datetime' },
    ],
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'name' },
});
