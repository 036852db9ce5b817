/**
 * Downloads (spec 2 Tools, §3, §6, §7, §8): declared once; the list, the forms, the routes, the menu entry and the
 * search group derive from it, the record type and the form's rules from `shared/entities/downloads.ts`. Everyone
 * with list-downloads sees the list with a Download button per row and the New Download button (disabled, with
 * its reason, for everyone but administrators); creating, editing (row click and row menu) and deleting are for
 * administrators, written under `admin/downloads`.
 */
import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import { Glyph } from '@/ui/Glyph';
import { DOWNLOAD_ABILITIES } from '@shared/entities/download-values';
import type { Download } from '@shared/entities/downloads';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { defineResource } from '@/declarations/types';
import settings from './list-settings';
import { DownloadButton } from './DownloadButton';

const editPath = (download: Pick<Download, 'id'>) => `/tools/downloads/edit/${download.id}`;
const ADMIN = { admin: true } as const;

export default defineResource<Download>({
  name: settings.name,
  writeCollection: 'admin/downloads',
  ns: 'downloads',
  screen: 'downloads',
  idParam: 'downloadId',
  routes: {
    list: settings.route,
    create: 'tools/downloads/create',
    edit: 'tools/downloads/edit/:downloadId',
  },
  guard: { ability: DOWNLOAD_ABILITIES.list },
  actionGuards: { create: ADMIN, edit: ADMIN },
  // Creating, like its route, is for administrators; the New Download button shows for everyone (spec 2 Tools),
  // disabled with its reason for the others (`createDisabledKey`), never leading to a refusal (issue 31). The
  // writes are the module's own admin routes (server/api/downloads.ts), not standard endpoints.
  ...permissionsFrom(DOWNLOAD_ABILITIES, { extra: { create: ADMIN, edit: ADMIN, delete: ADMIN } }),
  navigation: {
    labelKey: 'nav.downloads',
    icon: <Glyph icon={CloudDownloadOutlined} />,
    group: 'tools',
    order: 20,
  },
  search: { key: 'downloads', order: 110 },
  list: {
    ...settings.list,
    createDisabledKey: 'createAdminOnly',
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'extension', titleKey: 'columns.extension', sort: 'extension', width: 120, hideBelow: 'sm' },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'md' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'md' },
      {
        field: 'download',
        titleKey: 'columns.download',
        width: 140,
        render: (download) => <DownloadButton download={download} />,
      },
    ],
    rowActions: [editRowAction(editPath)],
    rowLink: { to: editPath, needs: 'edit' },
  },
  form: {
    schema: () => import('@shared/entities/downloads').then((entity) => entity.DownloadInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'extension', labelKey: 'fields.extension', kind: 'text' },
      { name: 'upload_id', labelKey: 'fields.file', kind: 'file', upload: 'download-file', only: 'create' },
      // Left empty, the download keeps its file.
      {
        name: 'upload_id',
        labelKey: 'fields.replaceFile',
        kind: 'file',
        upload: 'download-file',
        only: 'edit',
      },
    ],
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'download_name' },
});
