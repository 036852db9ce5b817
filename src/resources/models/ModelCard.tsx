/** A model as a card (a project's models): preview, name and status badge, opening the model's overview. */
import { FileImageOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ModelStatusBadge } from './ModelStatusBadge';
import type { ProjectModel } from './models.resource';

export function ModelCard({
  model,
}: {
  model: Pick<ProjectModel, 'id' | 'name' | 'status' | 'status_color' | 'preview_image_url'>;
}) {
  return (
    <Link className="model-card" to={`/projects/models/overview/${model.id}`}>
      <span className="model-card__preview">
        {model.preview_image_url ? (
          <img src={model.preview_image_url} alt="" loading="lazy" />
        ) : (
          <FileImageOutlined aria-hidden />
        )}
      </span>
      <span className="model-card__body">
        <span className="model-card__name">{model.name}</span>
        <ModelStatusBadge status={model.status} color={model.status_color} />
      </span>
    </Link>
  );
}
