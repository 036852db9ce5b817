/**
 * The pieces the cards of processed records share (spec 2 §2 Models, §Processor, §4): a model's card and a
 * library item's processor card show their processing details with these, so both read and look alike. Texts are
 * the `models` namespace's `card.*`; an unknown value reads '---'.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/components/cells';
import { ElapsedTime } from './ElapsedTime';
import { type GeometryEvent, type ProcessingTimes, progressMessage } from './model-status';

export const NONE = '---';

/** What the processing details of a card are read from (a model's, a library item's). */
export interface ProcessedCardFields extends ProcessingTimes {
  uploader_name: string | null;
  latest_geometry_event?: GeometryEvent | null;
}

/** The label-value facts of a card, as a description list. */
export function CardFacts({ facts }: { facts: Array<{ key: string; label: string; value: ReactNode }> }) {
  return (
    <dl className="card-facts">
      {facts.map(({ key, label, value }) => (
        <div key={key} className={`card-facts__fact card-facts__fact--${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The latest geometry event's message in the reader's language, followed by '...' while PROCESSING; `always`
 * shows it whatever the status (a model's card), otherwise only while PROCESSING (an item's processor card).
 */
export function ProcessingMessage({
  record,
  always = false,
}: {
  record: { status: string; latest_geometry_event?: GeometryEvent | null };
  always?: boolean;
}) {
  const { t } = useTranslation('models');
  const message = always || record.status === 'PROCESSING' ? progressMessage(record, t) : null;
  return message ? <p className="processing-card__message">{message}</p> : null;
}

/** The card's facts texts and a local date and time (or '---'). */
export function useCardFacts() {
  const { t, i18n } = useTranslation('models');
  const date = (value: string | null | undefined) =>
    value ? formatDate(value, i18n.resolvedLanguage, true) : NONE;
  /** Elapsed time (live while unfinished), Finished at and Uploaded by: what every processed card shows. */
  const processing = (record: ProcessedCardFields) => [
    { key: 'elapsed', label: t('card.elapsed'), value: <ElapsedTime model={record} empty={NONE} /> },
    { key: 'finished', label: t('card.finishedAt'), value: date(record.finished_at) },
    { key: 'uploader', label: t('card.uploadedBy'), value: record.uploader_name || NONE },
  ];
  return { t, date, processing };
}
