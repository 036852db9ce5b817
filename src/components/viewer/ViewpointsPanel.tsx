/**
 * The Viewpoints tool's panel (issue 45): the model's saved viewpoints, shared with the team: a press turns the camera
 * to one; its maker (or an administrator) may delete it. Whoever may comment saves the camera's view under a name;
 * the server's refusal (a name taken, too many) shows under the name and the name stays.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentCamera } from '@shared/entities/model-comments';
import { firstFieldError } from '@/components/field-errors';
import { Button } from '@/ui/Button';
import { TextInput } from '@/ui/TextInput';
import { CloseIcon } from './viewer-icons';
import type { SavedViewpoint, ViewerViewpoints } from './viewer-parts';

export function ViewpointsPanel({
  viewpoints,
  onGo,
  currentView,
}: {
  viewpoints: ViewerViewpoints;
  onGo(viewpoint: SavedViewpoint): void;
  /** The camera's view now. */
  currentView(): CommentCamera | null;
}) {
  const { t } = useTranslation('viewer');
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  // A second press before the first answer saves nothing more.
  const saving = useRef(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const camera = currentView();
    if (!camera || saving.current) return;
    if (!name.trim()) {
      setError(t('views.nameRequired'));
      return;
    }
    saving.current = true;
    setBusy(true);
    setError(null);
    try {
      await viewpoints.onSave(name.trim(), camera);
      setStatus(t('views.saved', { name: name.trim() }));
      setName('');
    } catch (failure) {
      setError(firstFieldError(failure, 'name') ?? ((failure as Error).message || t('views.failed')));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };
  const remove = async (viewpoint: SavedViewpoint) => {
    try {
      await viewpoints.onDelete(viewpoint.id);
      setStatus(t('views.deleted', { name: viewpoint.name }));
    } catch (failure) {
      setStatus((failure as Error).message || t('views.failed'));
    }
  };

  return (
    <div className="viewer__panel viewer__panel--measure" role="group" aria-label={t('views.title')}>
      <p className="viewer__panel-title">{t('views.title')}</p>
      {viewpoints.list.length ? (
        <ul className="viewer__views">
          {viewpoints.list.map((viewpoint) => (
            <li key={viewpoint.id} className="viewer__view">
              <Button
                variant="text"
                size="small"
                className="viewer__view-go"
                title={viewpoint.createdBy ? t('views.savedBy', { name: viewpoint.createdBy }) : undefined}
                onClick={() => onGo(viewpoint)}
              >
                {viewpoint.name}
              </Button>
              {viewpoint.canDelete && (
                <Button
                  variant="text"
                  size="small"
                  danger
                  icon={<CloseIcon />}
                  aria-label={t('views.delete', { name: viewpoint.name })}
                  onClick={() => void remove(viewpoint)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="viewer__measure-state">{t('views.none')}</p>
      )}
      {viewpoints.canSave && (
        <form className="viewer__view-form" onSubmit={(event) => void save(event)}>
          <label htmlFor={nameId}>{t('views.name')}</label>
          <TextInput
            id={nameId}
            size="small"
            value={name}
            onChange={setName}
            maxLength={100}
            status={error ? 'error' : undefined}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
          />
          <Button htmlType="submit" size="small" loading={busy}>
            {t('views.save')}
          </Button>
          {error && (
            <p id={errorId} className="viewer__view-error">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="ui-visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
