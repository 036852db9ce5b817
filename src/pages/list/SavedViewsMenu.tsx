/**
 * A list's saved views (issue 33): the toolbar's 'Views' menu. It lists the user's views of the list (asked for when
 * the menu first opens, never before the list's rows), shows the one the list is in, and offers to save the current
 * state under a name (the server's 422 under the field), and for the view shown: rename, delete (after its
 * confirmation), use as (or stop using as) the user's default of the list, and copy the link that restores it.
 * Issue 42: the view the list is in is remembered (active-view.ts) when applied or saved, and named on the button;
 * once the list has changed, 'Update “X” with current view' writes the list's state into it; 'Manage views…' renames,
 * deletes and sets the default of any view (ManageViewsDialog.tsx). Where the list is in a view, or opened in the
 * user's default, the views are asked for as soon as this chunk is in (after the list's paint), so the remembered
 * view is checked against the server (renamed, changed or deleted elsewhere) and the default is named.
 * Loaded apart from the list page (SavedViewsButton.tsx), on the light components only.
 */
import { type BaseRecord, type HttpError, useCreate, useDelete, useList, useUpdate } from '@refinedev/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import type { SavedView } from '@shared/entities/saved-views';
import { useConfirmation } from '@/components/useConfirmation';
import { session } from '@/providers/session';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MenuButton, type MenuItem } from '@/ui/MenuButton';
import { ViewNameInput } from './ViewNameInput';
import { toast } from '@/ui/toast';
import { readActiveView, rememberView, useActiveView } from './active-view';
import { ManageViewsDialog } from './ManageViewsDialog';
import { savedViewError } from './saved-view-error';
import { sameSavedState } from './saved-view-state';
import { useViewsTriggerFace } from './SavedViewsTrigger';
import './saved-views.css';

export const SAVED_VIEWS = 'saved-views';

export interface SavedViewsMenuProps {
  /** The key of the list's views (`savedViewsKey`). */
  listKey: string;
  /** The list's state now, as a view keeps it. */
  current: SavedViewStateValue;
  /** Shows a view on the list. */
  onApply(state: SavedViewStateValue): void;
  /** The address that opens the list in a view. */
  linkFor(state: SavedViewStateValue): string;
  /** Open at once (the trigger was pressed before the menu had loaded). */
  initiallyOpen?: boolean;
  /** The list opened in the user's default view (its URL said nothing of it): its name is looked up at once. */
  openedInDefault?: boolean;
}

type NameDialog = { mode: 'save' } | { mode: 'rename'; view: SavedView };

const NO_NOTICE = { successNotification: false, errorNotification: false } as const;

export default function SavedViewsMenu({
  listKey,
  current,
  onApply,
  linkFor,
  initiallyOpen = false,
  openedInDefault = false,
}: SavedViewsMenuProps) {
  const { t } = useTranslation('lists');
  const [open, setOpen] = useState(initiallyOpen);
  const [wanted, setWanted] = useState(
    () => initiallyOpen || openedInDefault || readActiveView(listKey) !== null,
  );
  const [dialog, setDialog] = useState<NameDialog | null>(null);
  const [managing, setManaging] = useState(false);
  const active = useActiveView(listKey, current);
  const face = useViewsTriggerFace(active);
  const confirmation = useConfirmation();
  const { result, query } = useList<SavedView & BaseRecord, HttpError>({
    resource: SAVED_VIEWS,
    filters: [{ field: 'list', operator: 'eq', value: listKey }],
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled: wanted },
  });
  const { mutateAsync: remove } = useDelete<SavedView & BaseRecord>();
  const { mutateAsync: change } = useUpdate<SavedView & BaseRecord, HttpError>();
  const views = result.data;
  const activeView = active && views.find((view) => view.id === active.view.id);
  // The view the list is in: the remembered one, or else one whose state the list has.
  const shown = activeView ?? views.find((view) => sameSavedState(view.state, current));

  // Each answer of the server corrects the remembered view (renamed, changed, deleted elsewhere); when the views
  // first arrive and none is remembered, the view the list shows (its default first) becomes the one it is in.
  // Only a new answer does (`dataUpdatedAt`): an older one must not undo what a write has just remembered.
  const reconciledAt = useRef(0);
  const { isSuccess, isFetching, dataUpdatedAt } = query;
  useEffect(() => {
    if (!isSuccess || isFetching || dataUpdatedAt === reconciledAt.current) return;
    const first = reconciledAt.current === 0;
    reconciledAt.current = dataUpdatedAt;
    const remembered = readActiveView(listKey);
    if (remembered) rememberView(listKey, views.find((view) => view.id === remembered.id) ?? null);
    else if (first) {
      const matching = views.filter((view) => sameSavedState(view.state, current));
      const match = (openedInDefault && matching.find((view) => view.is_default)) || matching[0];
      if (match) rememberView(listKey, match);
    }
  }, [current, dataUpdatedAt, isFetching, isSuccess, listKey, openedInDefault, views]);

  const setDefault = async (view: SavedView, isDefault: boolean) => {
    await change({ resource: SAVED_VIEWS, id: view.id, values: { is_default: isDefault }, ...NO_NOTICE });
    // The session answers the defaults (`default_views`): the list opens with the new one from now on.
    void session.revalidate();
    toast.success(t(isDefault ? 'savedViews.defaultSet' : 'savedViews.defaultCleared', { name: view.name }));
  };
  const copyLink = async (view: SavedView) => {
    try {
      await navigator.clipboard.writeText(linkFor(view.state));
      toast.success(t('savedViews.copied'));
    } catch {
      toast.error(t('savedViews.copyFailed'));
    }
  };
  const deleteView = async (view: SavedView) => {
    await remove({ resource: SAVED_VIEWS, id: view.id, ...NO_NOTICE });
    if (readActiveView(listKey)?.id === view.id) rememberView(listKey, null);
    if (view.is_default) void session.revalidate();
    toast.success(t('savedViews.deleted', { name: view.name }));
  };
  const askDelete = (view: SavedView) =>
    confirmation.ask({
      text: t('savedViews.deleteConfirm', { name: view.name }),
      confirmLabel: t('delete'),
      danger: true,
      run: () => deleteView(view),
    });
  const renameView = async (view: SavedView, name: string) => {
    await change({ resource: SAVED_VIEWS, id: view.id, values: { name }, ...NO_NOTICE });
    const remembered = readActiveView(listKey);
    if (remembered?.id === view.id) rememberView(listKey, { ...remembered, name: name.trim() });
    toast.success(t('savedViews.savedNotice', { name: name.trim() }));
  };
  // The view takes the list's state now; the list is in it, unmodified.
  const updateView = async (view: SavedView) => {
    try {
      await change({ resource: SAVED_VIEWS, id: view.id, values: { state: current }, ...NO_NOTICE });
    } catch {
      toast.error(t('savedViews.failed'));
      return;
    }
    rememberView(listKey, { ...view, state: current });
    if (view.is_default) void session.revalidate();
    toast.success(t('savedViews.updated', { name: view.name }));
  };

  const viewItems: MenuItem[] = query.isLoading
    ? [{ key: 'loading', label: t('savedViews.loading'), disabled: true }]
    : views.length === 0
      ? [{ key: 'none', label: t('savedViews.none'), disabled: true }]
      : views.map((view) => ({
          key: `view-${view.id}`,
          label: view.is_default ? t('savedViews.default', { name: view.name }) : view.name,
          checked: view.id === shown?.id,
          onSelect: () => {
            rememberView(listKey, view);
            onApply(view.state);
          },
        }));
  const items: MenuItem[] = [
    ...viewItems,
    { key: 'divider', divider: true },
    ...(activeView && active?.modified
      ? [
          {
            key: 'update',
            label: t('savedViews.update', { name: activeView.name }),
            onSelect: () => void updateView(activeView),
          },
        ]
      : []),
    { key: 'save', label: t('savedViews.save'), onSelect: () => setDialog({ mode: 'save' }) },
    ...(views.length > 0
      ? [{ key: 'manage', label: t('savedViews.manage'), onSelect: () => setManaging(true) }]
      : []),
    ...(shown
      ? [
          {
            key: 'rename',
            label: t('savedViews.rename', { name: shown.name }),
            onSelect: () => setDialog({ mode: 'rename', view: shown }),
          },
          {
            key: 'default',
            label: t(shown.is_default ? 'savedViews.unsetDefault' : 'savedViews.makeDefault'),
            onSelect: () => void setDefault(shown, !shown.is_default),
          },
          { key: 'copy', label: t('savedViews.copyLink'), onSelect: () => void copyLink(shown) },
          {
            key: 'delete',
            label: t('savedViews.delete', { name: shown.name }),
            danger: true,
            onSelect: () => askDelete(shown),
          },
        ]
      : []),
  ];

  return (
    <>
      <MenuButton
        items={items}
        open={open}
        onOpenChange={(next) => {
          if (next) setWanted(true);
          setOpen(next);
        }}
        placement="bottom-end"
        renderTrigger={(props) => (
          // Pressed while it loaded: the focus was on the stand-in this button replaces, and stays on the button.
          <Button {...props} {...face} autoFocus={initiallyOpen} />
        )}
      />
      {dialog && (
        <ViewNameDialog
          dialog={dialog}
          listKey={listKey}
          current={current}
          onRename={renameView}
          onClose={() => setDialog(null)}
        />
      )}
      {managing && (
        <ManageViewsDialog
          views={views}
          activeId={shown?.id}
          onClose={() => setManaging(false)}
          onRename={renameView}
          onSetDefault={setDefault}
          onDelete={deleteView}
        />
      )}
      {confirmation.dialog}
    </>
  );
}

/** 'Save current view' and 'Rename view': the name, with the server's 422 under the field. */
function ViewNameDialog({
  dialog,
  listKey,
  current,
  onRename,
  onClose,
}: {
  dialog: NameDialog;
  listKey: string;
  current: SavedViewStateValue;
  onRename(view: SavedView, name: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation('lists');
  const id = useId();
  const [name, setName] = useState(dialog.mode === 'rename' ? dialog.view.name : '');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: create } = useCreate<SavedView & BaseRecord, HttpError>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (dialog.mode === 'save') {
        const { data } = await create({
          resource: SAVED_VIEWS,
          values: { list: listKey, name, state: current },
          ...NO_NOTICE,
        });
        // The list is in the view it was saved as.
        rememberView(listKey, { id: Number(data.id), name: name.trim(), state: current });
        toast.success(t('savedViews.savedNotice', { name: name.trim() }));
      } else {
        await onRename(dialog.view, name);
      }
      onClose();
    } catch (caught) {
      setError(savedViewError(caught, t('savedViews.failed')));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t(dialog.mode === 'save' ? 'savedViews.saveTitle' : 'savedViews.renameTitle')}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="primary" htmlType="submit" form={`${id}-form`} loading={busy}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="saved-views__form"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <label htmlFor={`${id}-name`} className="saved-views__label">
          {t('savedViews.name')}
        </label>
        <ViewNameInput id={`${id}-name`} value={name} onChange={setName} error={error} />
      </form>
    </Dialog>
  );
}
