/**
 * A processed record (a model or a library item) as a processor card (spec 2 §Processor, §4): preview, name,
 * status badge in its `status_color`, while PROCESSING the latest geometry event's message followed by '...',
 * the elapsed time (start to finish, running while unfinished), 'Finished at' (local date and time) and
 * 'Uploaded by', each '---' when unknown. Pushes change the record in the cache, and the card with it.
 */
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/components/cells';
import { PreviewCard } from '@/components/PreviewCard';
import { ElapsedTime } from '../models/ElapsedTime';
import { type LiveModelFields, progressMessage } from '../models/model-status';
import './processor.css';

const NONE = '---';

/** A model or a library item (whose statuses add CANCELLED and ARCHIVED to the models'). */
export interface ProcessedRecord extends Omit<LiveModelFields, 'status'> {
  status: string;
  name: string;
  preview_image_url: string | null;
  uploader_name: string | null;
}

export function ProcessingCard({ record }: { record: ProcessedRecord }) {
  // `models` holds the processing messages the stored events name.
  const { t, i18n } = useTranslation(['processor', 'models']);
  // The processing helpers read an item's status as a model's: only PROCESSING and the finish matter to them.
  const live = record as unknown as LiveModelFields;
  const message = record.status === 'PROCESSING' ? progressMessage(live, t) : null;
  return (
    <PreviewCard
      image={record.preview_image_url}
      name={record.name}
      status={t(`values.${record.status}`, { defaultValue: record.status })}
      statusColor={record.status_color}
      details={
        <span className="processing-card">
          {message && <span className="processing-card__message">{message}</span>}
          <span className="processing-card__line">
            <span className="processing-card__label">{t('card.elapsed')}</span>
            <ElapsedTime model={live} empty={NONE} />
          </span>
          <span className="processing-card__line">
            <span className="processing-card__label">{t('card.finishedAt')}</span>
            <span>
              {record.finished_at ? formatDate(record.finished_at, i18n.resolvedLanguage, true) : NONE}
            </span>
          </span>
          <span className="processing-card__line">
            <span className="processing-card__label">{t('card.uploadedBy')}</span>
            <span>{record.uploader_name || NONE}</span>
          </span>
        </span>
      }
    />
  );
}
