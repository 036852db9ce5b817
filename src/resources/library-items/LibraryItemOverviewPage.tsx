/**
 * Own page (not the generic show page): the item overview (spec 2 §3, §4, §8) follows processing live and has
 * the item's actions. Every field of §3 (name, preview, status and colour, libraries, description, created,
 * updated, started, finished, uploader, latest geometry event message), the elapsed time (a running
 * timer while unfinished), the file and the processing history. Reprocess (FINISHED only, after its
 * confirmation), Archive/Unarchive, Edit (hatch) and Delete (after its confirmation, then back to the item's
 * library with the '{library_item_name} {status}' banner).
 */
import { DeleteOutlined, EditOutlined, InboxOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { type HttpError, useCustomMutation, useShow } from '@refinedev/core';
import { Button, Skeleton } from 'antd';
import { DisabledReason } from '@/ui/DisabledReason';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { type HeaderActions, PageHeader } from '@/components/PageHeader';
import { ResultBanner } from '@/components/ResultBanner';
import { useConfirmation } from '@/components/useConfirmation';
import { useDeleteRecord } from '@/components/useDeleteRecord';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { bannerState, useResultBanner } from '@/components/useResultBanner';
import { NONE, type ProcessedFileDetail, ProcessedFileOverview } from '../models/ProcessedFileOverview';
import { type LiveProcessing, useProcessingLiveUpdates } from '../models/useModelLiveUpdates';
import type { ResourcePageProps } from '@/declarations/types';
import { canReprocess, type LibraryItemDetail, REPROCESS_PERMISSION } from './library-items.resource';
import '@/components/page.css';
const LIVE: LiveProcessing = { resource: 'libraries/items', channel: 'LibraryItem' };

export default function LibraryItemOverviewPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('libraryItems');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam];
  const { can, whyNot } = useResourcePermissions(resource);
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

  const status = <StatusBadge status={t(`values.${item.status}`)} color={item.status_color} />;
  const details: ProcessedFileDetail[] = [
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
    { key: 'description', label: t('fields.description'), span: 2, children: item.description || NONE },
  ];

  const reprocessable = canReprocess(item);
  const deleteReason = whyNot('delete') ?? (item.deletable ? undefined : t('notDeletable'));
  const actions: HeaderActions = [
    can(REPROCESS_PERMISSION) && {
      key: 'reprocess',
      part: 'secondary',
      // As on the model overview (issue 31): shown where the user may reprocess, disabled with why until the item
      // is finished or failed. The palette offers what the user may do here (issue 33).
      command: reprocessable ? { label: t('actions.reprocess'), run: reprocess } : undefined,
      node: (
        <DisabledReason reason={reprocessable ? undefined : t('reprocessOnlyFinished')}>
          <Button icon={<RedoOutlined aria-hidden />} disabled={!reprocessable} onClick={reprocess}>
            {t('actions.reprocess')}
          </Button>
        </DisabledReason>
      ),
    },
    can(REPROCESS_PERMISSION) && {
      key: 'archive',
      part: 'secondary',
      command: { label: t(archived ? 'actions.unarchive' : 'actions.archive'), run: archive },
      node: (
        <Button
          icon={archived ? <UndoOutlined aria-hidden /> : <InboxOutlined aria-hidden />}
          onClick={archive}
        >
          {t(archived ? 'actions.unarchive' : 'actions.archive')}
        </Button>
      ),
    },
    {
      key: 'delete',
      part: 'danger',
      // Shown to everyone who may see the item, disabled with why where it cannot go (issue 33).
      command: deleteReason ? undefined : { label: tl('delete'), run: () => confirmDelete(item) },
      node: (
        <DisabledReason reason={deleteReason}>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={!!deleteReason}
            onClick={() => confirmDelete(item)}
          >
            {tl('delete')}
          </Button>
        </DisabledReason>
      ),
    },
    can('edit') && {
      key: 'edit',
      part: 'primary',
      command: { label: tl('edit'), run: () => void navigate(`/libraries/items/edit/${item.id}`) },
      node: (
        <Button
          type="primary"
          icon={<EditOutlined aria-hidden />}
          onClick={() => navigate(`/libraries/items/edit/${item.id}`)}
        >
          {tl('edit')}
        </Button>
      ),
    },
  ];

  return (
    <section className="show-page model-overview" aria-labelledby="item-title">
      <Breadcrumbs
        items={[
          { name: t('breadcrumbLibraries'), to: '/libraries' },
          ...(library ? [{ name: library.name, to: libraryPath }] : []),
          { name: item.name },
        ]}
      />
      <PageHeader title={<span id="item-title">{item.name}</span>} actions={actions}>
        {status}
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />
      <ProcessedFileOverview
        record={item}
        ns="libraryItems"
        idPrefix="item"
        path={`/libraries/items/${item.id}`}
        status={status}
        details={details}
      />
      {dialog}
      {deleteDialog}
    </section>
  );
}
