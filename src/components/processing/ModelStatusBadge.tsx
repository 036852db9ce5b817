/** A model's status as a badge in its `status_color` (spec 2 §3, §4). */
import { useTranslation } from 'react-i18next';
import type { ModelStatus } from '@shared/entities/models';

export function ModelStatusBadge({ status, color }: { status: ModelStatus; color: string }) {
  const { t } = useTranslation('models');
  return (
    <span className="model-status" style={{ ['--status-color' as string]: color }} data-status={status}>
      <span className="model-status__dot" aria-hidden />
      {t(`statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
