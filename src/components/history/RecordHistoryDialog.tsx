/**
 * The History of a record (issue 46): who changed which fields from what to what, newest first, read from `GET
 * {collection}/{id}/history` when the dialog opens. Opened from the record's edit page (History in its header),
 * loaded on the first press.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Empty, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '@/declarations/types';
import { formatDate } from '@/lib/intl-formats';
import { fieldLabel, type HistoryTexts, type RecordChange, valueText } from './record-history';
import './record-history.css';

export interface RecordHistoryDialogProps {
  resource: ResourceDeclaration;
  /** The record's key as its routes name it. */
  recordKey: string | number;
  close(): void;
}

export default function RecordHistoryDialog({ resource, recordKey, close }: RecordHistoryDialogProps) {
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const collection = resource.writeCollection ?? resource.name;
  const { query, result } = useCustom<{ data: RecordChange[] }>({
    url: `/${collection}/${encodeURIComponent(String(recordKey))}/history`,
    method: 'get',
    queryOptions: { retry: false, gcTime: 0 },
  });
  const texts: HistoryTexts = {
    t: (key, options) => t(key, options ?? {}),
    tl: (key) => tl(key),
    language: i18n.resolvedLanguage,
  };
  const entries = result?.data?.data;

  return (
    <Modal open title={tl('history.title')} onCancel={close} footer={null} width={640}>
      {query.isError ? (
        <Alert type="error" showIcon message={tl('history.failed')} />
      ) : !entries ? (
        <div role="status" aria-label={tl('history.loading')}>
          <Skeleton active />
        </div>
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tl('history.none')} />
      ) : (
        <ol className="record-history">
          {entries.map((entry) => (
            <li key={entry.id} className="record-history__entry">
              <p className="record-history__who">
                <strong>{entry.user?.name ?? tl('history.removedUser')}</strong>
                <time dateTime={entry.datetime}>
                  {formatDate(entry.datetime, i18n.resolvedLanguage, true)}
                </time>
              </p>
              <ul>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    <span className="record-history__field">{fieldLabel(resource, change.field, texts)}</span>{' '}
                    {tl('history.fromTo', {
                      from: valueText(resource, change.field, change.from, texts),
                      to: valueText(resource, change.field, change.to, texts),
                    })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
