/**
 * A model as a card (spec 2 §2 Models, §Processor, §4): the one card of a model wherever models show as cards, a
 * project's overview (the card is a link to the model's overview) and the Processor's Models tab (the grid's card
 * around it opens the overview and carries the row menu). It shows every field of the model card: preview image,
 * name, status in a badge of its colour (`status_color`), the latest geometry event's message (followed by '...'
 * while PROCESSING), description, started, 'Finished at', the elapsed time (running while unfinished), 'Uploaded
 * by', created and updated; '---' where unknown. Pushes change the model in the cache, and the card with it.
 */
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import { Glyph } from '@/ui/Glyph';
import { Link, type To } from 'react-router';
import { previewSrcSet } from '@shared/preview-images';
import { CardFacts, NONE, ProcessingMessage, useCardFacts } from '@/components/processing/CardFacts';
import { ModelStatusBadge } from '@/components/processing/ModelStatusBadge';
import type { ProjectModel } from './models.resource';
import '@/components/processing/processing.css';

export type ModelCardRecord = Pick<
  ProjectModel,
  | 'id'
  | 'name'
  | 'status'
  | 'status_color'
  | 'preview_image_url'
  | 'description'
  | 'created_at'
  | 'updated_at'
  | 'started_at'
  | 'finished_at'
  | 'uploader_name'
  | 'latest_geometry_event'
>;

export function ModelCard({
  model,
  to,
  state,
}: {
  model: ModelCardRecord;
  /** The card as a link (a project's models); without it the card is the content of a grid's card. */
  to?: To;
  /** The navigation state of the link. */
  state?: unknown;
}) {
  const { t, date, processing } = useCardFacts();
  const [elapsed, finished, uploader] = processing(model);
  const content = (
    <>
      <span className="model-card__preview">
        {model.preview_image_url ? (
          <img
            src={model.preview_image_url}
            srcSet={previewSrcSet(model.preview_image_url)}
            alt=""
            loading="lazy"
          />
        ) : (
          <Glyph icon={FileImageOutlined} />
        )}
      </span>
      <div className="model-card__body">
        <span className="model-card__name">{model.name}</span>
        <ModelStatusBadge status={model.status} color={model.status_color} />
        <ProcessingMessage record={model} always />
        <CardFacts
          facts={[
            {
              key: 'description',
              label: t('card.description'),
              value: model.description || NONE,
            },
            { key: 'started', label: t('card.started'), value: date(model.started_at) },
            finished,
            elapsed,
            uploader,
            { key: 'created', label: t('card.created'), value: date(model.created_at) },
            { key: 'updated', label: t('card.updated'), value: date(model.updated_at) },
          ]}
        />
      </div>
    </>
  );
  return to !== undefined ? (
    <Link className="model-card model-card--link" to={to} state={state}>
      {content}
    </Link>
  ) : (
    <div className="model-card">{content}</div>
  );
}
