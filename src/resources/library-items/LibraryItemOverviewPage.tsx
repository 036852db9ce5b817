/**
 * Own page (not the generic show page): the item overview (spec 2 §3, §4, §8) follows processing live and has
 * the item's actions. Every field of §3 (name, preview, status and colour, libraries, description, created,
 * updated, deletable, started, finished, uploader, latest geometry event message), the elapsed time (a running
 * timer while unfinished), the file and the processing history. Reprocess (FINISHED only, after its
 * confirmation), Archive/Unarchive, Edit (hatch) and Delete (after its confirmation, then back to the item's
 * library with the '{library_item_name} {status}' banner).
 */
import {
  DeleteOutlined,
  EditOutlined,
  FileImageOutlined,
  InboxOutlined,
  RedoOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { type HttpError, useCustomMutation, useShow } from '@refinedev/core';
import { Breadcrumb, Button, Descriptions, Skeleton, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, StatusBadge } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import { ResultBanner } from '@/components/ResultBanner';
import { formatBytes } from '@/components/upload/upload-rules';
import { useConfirmation } from '@/components/useConfirmation';
import { useDeleteRecord } from '@/components/useDeleteRecord';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { bannerState, useResultBanner } from '@/components/useResultBanner';
import { ElapsedTime } from '../models/ElapsedTime';
import { eventMessage, type LiveModelFields, progressMessage } from '../models/model-status';
import { useProcessingLiveUpdates } from '../models/useModelLiveUpdates';
import type { ResourcePageProps } from '../types';
import { canReprocess, type LibraryItemDetail, REPROCESS_PERMISSION } from './library-items.resource';
import '@/components/page.css';
import '../models/models.css';

const NONE = '---';
const LIVE = { resource: 'libraries/items', channel: 'LibraryItem' };

export default function LibraryItemOverviewPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('libraryItems');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam];
  const { can } = useResourcePermissions(resource);
  const { banner, show, dismiss } = useResultBanner();
  // Pushes are applied in place by useProcessingLiveUpdates; refine itself need not refetch on each of them.
  const { query, result: item } = useShow<LibraryItemDetail, HttpError>({
    resource: resource.name,
    id,
    liveMode: 'off',
  });
  useProcessingLiveUpdates(LIVE);
  const { mutateAsync } = useCustomMutation();
  const { ask, dialog } = useConfirmation();
  const library = item?.libraries?.[0];
  const libraryPath = library ? `/libraries/${library.id}` : '/libraries';
  const { confirmDelete, deleteDialog } = useDeleteRecord(resource, (result) =>
    result.type === 'success' ? navigate(libraryPath, { state: bannerState(result) }) : show(result),
  );

  if (query.error) {
    return <LoadFailure error={query.error} back={{ to: '/libraries', label: t('backToLibraries') }} />;
  }
  if (!item) {
    return (
      <section className="show-page" aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} aria-label={tl('loading')} />
      </section>
    );
  }

  /** An action of the item after its confirmation, reported in the banner; the item reloads. */
  const act = (
    text: string,
    label: string,
    call: { url: string; method: 'post' | 'patch'; values: object },
    done: string,
  ) =>
    ask({
      text,
      confirmLabel: label,
      run: async () => {
        try {
          await mutateAsync({ ...call, successNotification: false, errorNotification: false });
          show({ type: 'success', text: done });
          void query.refetch();
        } catch (error) {
          show({ type: 'error', text: (error as Error).message });
        }
      },
    });
  const archived = item.status === 'ARCHIVED';
  const archive = () =>
    act(
      t(archived ? 'unarchiveConfirm' : 'archiveConfirm'),
      t(archived ? 'actions.unarchive' : 'actions.archive'),
      { url: `/libraries/items/${item.id}`, method: 'patch', values: { archived: !archived } },
      t(archived ? 'unarchived' : 'archived', { data: { name: item.name } }),
    );
  const reprocess = () =>
    act(
      t('reprocessConfirm'),
      t('actions.reprocess'),
      { url: `/libraries/items/${item.id}/reprocess`, method: 'post', values: {} },
      t('reprocessStarted'),
    );

  const date = (value: string | null) => (value ? formatDate(value, i18n.resolvedLanguage, true) : NONE);
  const status = <StatusBadge status={t(`values.${item.status}`)} color={item.status_color} />;
  const details: Array<{ key: string; label: string; span?: number; children: ReactNode }> = [
    { key: 'status', label: t('fields.status'), children: status },
    {
      key: 'color',
      label: t('fields.color'),
      children: (
        <span className="model-color">
          <span className="model-color__swatch" style={{ background: item.status_color }} aria-hidden />
          <code>{item.status_color}</code>
        </span>
      ),
    },
    {
      key: 'message',
      label: t('fields.latestMessage'),
      span: 2,
      children: (
        <span data-testid="item-latest-message">
          {progressMessage(item as unknown as LiveModelFields, t) ?? NONE}
        </span>
      ),
    },
    {
      key: 'elapsed',
      label: t('fields.elapsed'),
      children: <ElapsedTime model={item as unknown as LiveModelFields} empty={NONE} />,
    },
    { key: 'uploader', label: t('fields.uploader'), children: item.uploader_name || NONE },
    { key: 'created', label: t('fields.created'), children: date(item.created_at) },
    { key: 'updated', label: t('fields.updated'), children: date(item.updated_at) },
    { key: 'started', label: t('fields.started'), children: date(item.started_at) },
    { key: 'finished', label: t('fields.finished'), children: date(item.finished_at) },
    {
      key: 'libraries',
      label: t('fields.libraries'),
      span: 2,
      children: item.libraries.length
        ? item.libraries.map((entry, index) => (
            <span key={entry.id}>
              {index > 0 && ', '}
              <Link to={`/libraries/${entry.id}`}>{entry.name}</Link>
            </span>
          ))
        : NONE,
    },
    {
      key: 'deletable',
      label: t('fields.deletable'),
      children: tl(item.deletable ? 'values.yes' : 'values.no'),
    },
    { key: 'description', label: t('fields.description'), span: 2, children: item.description || NONE },
    {
      key: 'file',
      label: t('fields.file'),
      span: 2,
      children: item.file
        ? `${item.file.name} · ${formatBytes(item.file.size, i18n.resolvedLanguage)}`
        : NONE,
    },
  ];

  const actions = (
    <>
      {can(REPROCESS_PERMISSION) && canReprocess(item) && (
        <Button icon={<RedoOutlined aria-hidden />} onClick={reprocess}>
          {t('actions.reprocess')}
        </Button>
      )}
      {can(REPROCESS_PERMISSION) && (
        <Button
          icon={archived ? <UndoOutlined aria-hidden /> : <InboxOutlined aria-hidden />}
          onClick={archive}
        >
          {t(archived ? 'actions.unarchive' : 'actions.archive')}
        </Button>
      )}
      {can('delete') && (
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={!item.deletable}
          title={item.deletable ? undefined : t('notDeletable')}
          onClick={() => confirmDelete(item)}
        >
          {tl('delete')}
        </Button>
      )}
      {can('edit') && (
        <Button
          type="primary"
          icon={<EditOutlined aria-hidden />}
          onClick={() => navigate(`/libraries/items/edit/${item.id}`)}
        >
          {tl('edit')}
        </Button>
      )}
    </>
  );

  return (
    <section className="show-page model-overview" aria-labelledby="item-title">
      <Breadcrumb
        items={[
          { key: 'libraries', title: <Link to="/libraries">{t('breadcrumbLibraries')}</Link> },
          ...(library ? [{ key: 'library', title: <Link to={libraryPath}>{library.name}</Link> }] : []),
          { key: 'item', title: item.name },
        ]}
      />
      <PageHeader title={<span id="item-title">{item.name}</span>} extra={actions}>
        {status}
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />
      <div className="model-overview__grid">
        <figure className="preview-frame model-overview__preview">
          {item.preview_image_url ? (
            <img src={item.preview_image_url} alt={t('previewOf', { name: item.name })} />
          ) : (
            <span className="preview-frame__empty" role="img" aria-label={t('noPreview')}>
              <FileImageOutlined aria-hidden />
              <span aria-hidden>{t('noPreview')}</span>
            </span>
          )}
        </figure>
        <div className="show-page__card">
          <Descriptions column={2} size="small" layout="vertical" colon={false} items={details} />
        </div>
      </div>
      <PageSection id="item-history" title={t('history')}>
        {item.geometry_events.length ? (
          <Timeline
            className="model-history"
            items={item.geometry_events.map((event, index) => ({
              key: `${event.created_at}-${index}`,
              color: index === 0 ? item.status_color : 'gray',
              children: (
                <>
                  <span className="model-history__message">{eventMessage(t, event)}</span>
                  <span className="model-history__time">{date(event.created_at)}</span>
                </>
              ),
            }))}
          />
        ) : (
          <p className="muted">{t('noHistory')}</p>
        )}
      </PageSection>
      {dialog}
      {deleteDialog}
    </section>
  );
}
