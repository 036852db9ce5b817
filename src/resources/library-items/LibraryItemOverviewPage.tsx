/**
 * Own page (not the generic show page): the item overview (spec 2 §3, §4, §8) follows processing live and has
 * the item's actions. Every field of §3 (name, preview, status and colour, libraries, description, created,
 * updated, started, finished, uploader, latest geometry event message), the elapsed time (a running
 * timer while unfinished), the file and the processing history. Its header actions (Reprocess, Archive/Unarchive,
 * Delete back to the item's library, Edit) are declared (`overview` in library-items.resource.tsx).
 */
import { type HttpError, useShow } from '@refinedev/core';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageHeader } from '@/components/PageHeader';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResultBanner } from '@/components/useResultBanner';
import { NONE, type ProcessedFileDetail, ProcessedFileOverview } from '../models/ProcessedFileOverview';
import { type LiveProcessing, useProcessingLiveUpdates } from '../models/useModelLiveUpdates';
import type { ResourcePageProps } from '@/declarations/types';
import { type LibraryItemDetail, libraryPath } from './library-items.resource';
import '@/components/page.css';
const LIVE: LiveProcessing = { resource: 'libraries/items', channel: 'LibraryItem' };

export default function LibraryItemOverviewPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('libraryItems');
  const { t: tl } = useTranslation('lists');
  const id = useParams()[resource.idParam];
  const { banner, show, dismiss } = useResultBanner();
  const { actions, dialogs, removing } = useOverviewActions(resource, show);
  // Pushes are applied in place by useProcessingLiveUpdates; refine itself need not refetch on each of them.
  const { query, result: item } = useShow<LibraryItemDetail, HttpError>({
    resource: resource.name,
    id,
    liveMode: 'off',
    // An item being deleted is not read again.
    queryOptions: { enabled: removing === undefined },
  });
  useProcessingLiveUpdates(LIVE);
  const library = item?.libraries?.[0];

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

  return (
    <section className="show-page model-overview" aria-labelledby="item-title">
      <Breadcrumbs
        items={[
          { name: t('breadcrumbLibraries'), to: '/libraries' },
          ...(library ? [{ name: library.name, to: libraryPath(library) }] : []),
          { name: item.name },
        ]}
      />
      <PageHeader title={<span id="item-title">{item.name}</span>} actions={actions(item)}>
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
      {dialogs}
    </section>
  );
}
