/**
 * 'Manage views' (issue 42): every saved view of the list in one dialog, each with Rename (in place: the name
 * becomes a field, Enter saves, Escape or Cancel leaves it, the server's 422 under it), Set as / Unset default and
 * Delete (confirmed in place, in its row). In place rather than in a dialog over this one, so the focus never
 * leaves the dialog: it returns to the row's button after a rename or a cancelled delete, and to Done after a
 * delete. Opened from the 'Views' menu (SavedViewsMenu.tsx), which does the writes.
 */
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { SavedView } from '@shared/entities/saved-views';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Tag } from '@/ui/Tag';
import { ViewNameInput } from './ViewNameInput';
import { toast } from '@/ui/toast';
import { savedViewError } from './saved-view-error';

export interface ManageViewsDialogProps {
  views: SavedView[];
  /** The view the list is in, marked in the list. */
  activeId: number | undefined;
  onClose(): void;
  /** Renames a view; rejects with the server's error (a 422 under `name`). */
  onRename(view: SavedView, name: string): Promise<void>;
  onSetDefault(view: SavedView, isDefault: boolean): Promise<void>;
  onDelete(view: SavedView): Promise<void>;
}

type RowMode = { id: number; mode: 'rename' | 'delete' } | null;

export function ManageViewsDialog({
  views,
  activeId,
  onClose,
  onRename,
  onSetDefault,
  onDelete,
}: ManageViewsDialogProps) {
  const { t } = useTranslation('lists');
  const [row, setRow] = useState<RowMode>(null);
  const [busy, setBusy] = useState(false);
  const doneButton = useRef<HTMLButtonElement>(null);
  // Each row's Rename and Delete buttons, where the focus returns when the row leaves its rename or delete mode.
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());
  const rowButton = (key: string) => (button: HTMLButtonElement | null) => {
    if (button) rowButtons.current.set(key, button);
    else rowButtons.current.delete(key);
  };

  /** Runs a write with the row's buttons disabled; whether it succeeded (a failure is said in a toast). */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch {
      toast.error(t('actionFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  /** Leaves a row's rename or delete mode, the focus back on the row's button of that mode. */
  const leaveRow = (id: number, mode: 'rename' | 'delete') => {
    // The row's buttons are back once this render is done.
    flushSync(() => setRow(null));
    rowButtons.current.get(`${id}:${mode}`)?.focus();
  };

  return (
    <Dialog
      open
      title={t('savedViews.manageTitle')}
      onClose={() => !busy && onClose()}
      width={560}
      footer={
        <Button ref={doneButton} onClick={onClose} disabled={busy}>
          {t('savedViews.done')}
        </Button>
      }
    >
      {views.length === 0 ? (
        <p>{t('savedViews.none')}</p>
      ) : (
        <ul className="manage-views">
          {views.map((view) => (
            <li key={view.id} className="manage-views__row" aria-current={view.id === activeId || undefined}>
              {row?.id === view.id && row.mode === 'rename' ? (
                <RenameForm
                  view={view}
                  onRename={(name) => onRename(view, name)}
                  onDone={() => leaveRow(view.id, 'rename')}
                />
              ) : row?.id === view.id && row.mode === 'delete' ? (
                <div className="manage-views__confirm" role="group" aria-label={view.name}>
                  <span className="manage-views__name">
                    {t('savedViews.deleteConfirm', { name: view.name })}
                  </span>
                  <span className="manage-views__actions">
                    <Button onClick={() => leaveRow(view.id, 'delete')} disabled={busy} autoFocus>
                      {t('cancel')}
                    </Button>
                    <Button
                      danger
                      variant="primary"
                      loading={busy}
                      onClick={() =>
                        void run(() => onDelete(view)).then((deleted) => {
                          if (!deleted) return;
                          flushSync(() => setRow(null));
                          doneButton.current?.focus();
                        })
                      }
                    >
                      {t('delete')}
                    </Button>
                  </span>
                </div>
              ) : (
                <>
                  <span className="manage-views__name">
                    {view.name}
                    {view.is_default && <Tag className="manage-views__tag">{t('savedViews.defaultTag')}</Tag>}
                  </span>
                  <span className="manage-views__actions">
                    <Button
                      size="small"
                      ref={rowButton(`${view.id}:rename`)}
                      aria-label={t('savedViews.renameRowLabel', { name: view.name })}
                      disabled={busy}
                      onClick={() => setRow({ id: view.id, mode: 'rename' })}
                    >
                      {t('savedViews.renameRow')}
                    </Button>
                    <Button
                      size="small"
                      aria-label={t(
                        view.is_default
                          ? 'savedViews.unsetDefaultRowLabel'
                          : 'savedViews.makeDefaultRowLabel',
                        { name: view.name },
                      )}
                      disabled={busy}
                      onClick={() => void run(() => onSetDefault(view, !view.is_default))}
                    >
                      {t(view.is_default ? 'savedViews.unsetDefaultRow' : 'savedViews.makeDefaultRow')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      ref={rowButton(`${view.id}:delete`)}
                      aria-label={t('savedViews.deleteRowLabel', { name: view.name })}
                      disabled={busy}
                      onClick={() => setRow({ id: view.id, mode: 'delete' })}
                    >
                      {t('delete')}
                    </Button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** A view's name as a field, in its row: Enter saves, Escape or Cancel leaves it as it was. */
function RenameForm({
  view,
  onRename,
  onDone,
}: {
  view: SavedView;
  onRename(name: string): Promise<void>;
  onDone(): void;
}) {
  const { t } = useTranslation('lists');
  const id = useId();
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await onRename(name);
      onDone();
    } catch (caught) {
      setError(savedViewError(caught, t('savedViews.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="manage-views__rename"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event: KeyboardEvent<HTMLFormElement>) => {
        // Escape leaves the field, not the dialog.
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onDone();
        }
      }}
      noValidate
    >
      <div className="manage-views__field">
        <ViewNameInput
          id={`${id}-name`}
          label={t('savedViews.nameOf', { name: view.name })}
          value={name}
          onChange={setName}
          error={error}
        />
      </div>
      <span className="manage-views__actions">
        <Button size="small" onClick={onDone} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button size="small" variant="primary" htmlType="submit" loading={busy}>
          {t('save')}
        </Button>
      </span>
    </form>
  );
}
