/**
 * The item overview (spec 2 §3, §4, §8), declared for the generic overview page: it follows processing live and
 * has the item's actions. Every field of §3 (name, preview, status and colour, libraries, description, created,
 * updated, started, finished, uploader, latest geometry event message), the elapsed time (a running timer while
 * unfinished), the file and the processing history (ProcessedFileOverview, its body). Its header actions
 * (Reprocess, Archive/Unarchive, Delete back to the item's library, Edit) are declared (`overview` in
 * library-items.resource.tsx).
 */
import { Link } from 'react-router';
import { StatusBadge } from '@/components/cells';
import { defineOverviewPage } from '@/declarations/types';
import { processedFileBody } from '@/components/processing/ProcessedFileOverview';
import { type LiveProcessing, useProcessingLiveUpdates } from '@/components/processing/useModelLiveUpdates';
import type { LibraryItemDetail } from '@shared/entities/library-items';
import { libraryPath } from './library-paths';

const LIVE: LiveProcessing = { resource: 'libraries/items', channel: 'LibraryItem' };

export default defineOverviewPage<LibraryItemDetail>({
  titleId: 'item-title',
  className: 'model-overview',
  root: { labelKey: 'breadcrumbLibraries', to: '/libraries' },
  backKey: 'backToLibraries',
  useTrail: (item) => {
    const library = item?.libraries?.[0];
    return library ? [{ name: library.name, to: libraryPath(library) }] : [];
  },
  badge: (item, { t }) => <StatusBadge status={t(`values.${item.status}`)} color={item.status_color} />,
  useLive: () => useProcessingLiveUpdates(LIVE),
  fields: [
    {
      key: 'libraries',
      labelKey: 'fields.libraries',
      span: 2,
      render: (item) =>
        item.libraries.length > 0 &&
        item.libraries.map((entry, index) => (
          <span key={entry.id}>
            {index > 0 && ', '}
            <Link to={`/libraries/${entry.id}`}>{entry.name}</Link>
          </span>
        )),
    },
    { key: 'description', labelKey: 'fields.description', span: 2, field: 'description' },
  ],
  body: processedFileBody<LibraryItemDetail>('item', 'item'),
});
