/**
 * What the Comment tool says while it is on (issue 45): click the model where the comment belongs (or press Enter
 * for the point in the middle of the view), and, after a click beside the model, that it missed; Cancel turns the
 * tool off.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';

export function CommentPlacingPanel({ missed, onCancel }: { missed: boolean; onCancel(): void }) {
  const { t } = useTranslation('viewer');
  return (
    <div className="viewer__panel viewer__panel--measure" role="group" aria-label={t('comment.title')}>
      <p className="viewer__panel-title">{t('comment.title')}</p>
      <p className="viewer__measure-state" role="status" data-testid="viewer-comment-state">
        {t(missed ? 'comment.missed' : 'comment.place')}
      </p>
      <div className="viewer__measure-controls">
        <Button onClick={onCancel}>{t('comment.cancel')}</Button>
      </div>
    </div>
  );
}
