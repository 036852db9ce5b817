/**
 * Share links (issue 46, Tools): every link of the company that is not revoked, for users who may share models or
 * library items: the record (to its overview) and its kind, who made the link, when, until when it opens, the version
 * it is pinned to (or the latest), whether it asks a password or allows the download, how often and when last it was opened. A row's Revoke stops the link at once (`DELETE
 * /share-links/{id}`, after its confirmation). Links are made from a model's or an item's overview (Share).
 */
import ShareAltOutlined from '@ant-design/icons-svg/es/asn/ShareAltOutlined';
import { Glyph } from '@/ui/Glyph';
import { Link } from 'react-router';
import { SHARE_LINK_ABILITIES, type SharedRecordType } from '@shared/entities/share-link-values';
import type { ShareLink } from '@shared/entities/share-links';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';
import { materialPath } from '@/resources/materials/material-paths';
import settings from './list-settings';

/** The overview of the record a link shows. */
const RECORD_OVERVIEWS: Record<SharedRecordType, (link: ShareLink) => string> = {
  model: (link) => `/projects/models/overview/${link.record_id}`,
  item: (link) => `/libraries/items/overview/${link.record_id}`,
  // A material's overview is named by the material's name.
  material: (link) => materialPath('materials/overview', { name: link.record_name }),
};
const recordPath = (link: ShareLink) => RECORD_OVERVIEWS[link.record_type](link);

export default defineResource<ShareLink>({
  name: settings.name,
  ns: 'shareLinks',
  screen: 'shareLinks',
  idParam: 'shareLinkId',
  routes: { list: settings.route },
  guard: { ability: SHARE_LINK_ABILITIES.list },
  ...permissionsFrom(SHARE_LINK_ABILITIES),
  navigation: {
    labelKey: 'nav.shareLinks',
    icon: <Glyph icon={ShareAltOutlined} />,
    group: 'tools',
    order: 30,
  },
  list: {
    ...settings.list,
    nameField: 'record_name',
    loadingKey: 'loading',
    emptyKey: 'empty',
    columns: [
      {
        field: 'record_name',
        titleKey: 'columns.record',
        sort: 'name',
        render: (link) => <Link to={recordPath(link)}>{link.record_name}</Link>,
      },
      {
        field: 'record_type',
        titleKey: 'columns.kind',
        render: (link, { t }) => t(`kinds.${link.record_type}`),
        hideBelow: 'md',
      },
      { field: 'created_by', titleKey: 'columns.createdBy', hideBelow: 'md' },
      {
        field: 'created_at',
        titleKey: 'columns.created',
        kind: 'datetime',
        sort: 'created_at',
        hideBelow: 'md',
      },
      {
        field: 'expires_at',
        titleKey: 'columns.expires',
        kind: 'datetime',
        sort: 'expires_at',
        hideBelow: 'lg',
      },
      {
        field: 'version',
        titleKey: 'columns.version',
        render: (link, { t }) =>
          link.version === null ? t('latestVersion') : t('pinnedVersion', { number: link.version }),
        hideBelow: 'lg',
      },
      { field: 'has_password', titleKey: 'columns.password', kind: 'boolean', hideBelow: 'lg' },
      { field: 'allow_download', titleKey: 'columns.download', kind: 'boolean', hideBelow: 'lg' },
      { field: 'views', titleKey: 'columns.views', sort: 'views', width: 100 },
      {
        field: 'last_opened_at',
        titleKey: 'columns.lastOpened',
        kind: 'datetime',
        sort: 'last_opened_at',
        hideBelow: 'sm',
      },
    ],
  },
  deletion: {
    confirmKey: 'revokeConfirm',
    answerNameKey: 'share_link_name',
    successKey: 'revoked',
    labelKey: 'revoke',
  },
});
