/**
 * A list's saved views (issue 33): the toolbar's 'Views' menu. It lists the user's views of the list (asked for when
 * the menu first opens, never before the list's rows), shows the one the list is in, and offers to save the current
 * state under a name (the server's 422 under the field), and for the view shown: rename, delete (after its
 * confirmation), use as (or stop using as) the user's default of the list, and copy the link that restores it.
 * Loaded apart from the list page (SavedViewsButton.tsx), on the light components only.
 */
import { SaveOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useCreate, useDelete, useList, useUpdate } from '@refinedev/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import type { SavedView } from '@shared/entities/saved-views';
import { useConfirmation } from '@/components/useConfirmation';
import { session } from '@/providers/session';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MenuButton, type MenuItem } from '@/ui/MenuButton';
import { TextInput } from '@/ui/TextInput';
import { toast } from '@/ui/toast';
import { sameSavedState } from './saved-view-state';
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
}

type NameDialog = { mode: 'save' } | { mode: 'rename'; view: SavedView };

const NO_NOTICE = { successNotification: false, errorNotification: false } as const;

export default function SavedViewsMenu({
  listKey,
  current,
  onApply,
  linkFor,
  initiallyOpen = false,
}: SavedViewsMenuProps) {
  const { t } = useTranslation('lists');
  const [open, setOpen] = useState(initiallyOpen);
  const [wanted, setWanted] = useState(initiallyOpen);
  const [dialog, setDialog] = useState<NameDialog | null>(null);
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
  const shown = views.find((view) => sameSavedState(view.state, current));

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
  const askDelete = (view: SavedView) =>
    confirmation.ask({
      text: t('savedViews.deleteConfirm', { name: view.name }),
      confirmLabel: t('delete'),
      danger: true,
      run: async () => {
        await remove({ resource: SAVED_VIEWS, id: view.id, ...NO_NOTICE });
        if (view.is_default) void session.revalidate();
        toast.success(t('savedViews.deleted', { name: view.name }));
      },
    });

  const viewItems: MenuItem[] = query.isLoading
    ? [{ key: 'loading', label: t('savedViews.loading'), disabled: true }]
    : views.length === 0
      ? [{ key: 'none', label: t('savedViews.none'), disabled: true }]
      : views.map((view) => ({
          key: `view-${view.id}`,
          label: view.is_default ? t('savedViews.default', { name: view.name }) : view.name,
          checked: view.id === shown?.id,
          onSelect: () => onApply(view.state),
        }));
  const items: MenuItem[] = [
    ...viewItems,
    { key: 'divider', divider: true },
    { key: 'save', label: t('savedViews.save'), onSelect: () => setDialog({ mode: 'save' }) },
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
          <Button {...props} icon={<SaveOutlined aria-hidden />} autoFocus={initiallyOpen}>
            {t('savedViews.button')}
          </Button>
        )}
      />
      {dialog && (
        <ViewNameDialog dialog={dialog} listKey={listKey} current={current} onClose={() => setDialog(null)} />
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
  onClose,
}: {
  dialog: NameDialog;
  listKey: string;
  current: SavedViewStateValue;
  onClose(): void;
}) {
  const { t } = useTranslation('lists');
  const id = useId();
  const [name, setName] = useState(dialog.mode === 'rename' ? dialog.view.name : '');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: create, mutation: creating } = useCreate<SavedView & BaseRecord, HttpError>();
  const { mutateAsync: update, mutation: updating } = useUpdate<SavedView & BaseRecord, HttpError>();
  const busy = creating.isPending || updating.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      if (dialog.mode === 'save') {
        await create({
          resource: SAVED_VIEWS,
          values: { list: listKey, name, state: current },
          ...NO_NOTICE,
        });
      } else {
        await update({ resource: SAVED_VIEWS, id: dialog.view.id, values: { name }, ...NO_NOTICE });
      }
      toast.success(t('savedViews.savedNotice', { name: name.trim() }));
      onClose();
    } catch (caught) {
      const failure = caught as HttpError;
      const errors = failure.errors as Record<string, string[] | string> | undefined;
      const message = errors?.name ?? errors?.state ?? failure.message;
      setError((Array.isArray(message) ? message[0] : message) || t('savedViews.failed'));
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
        <TextInput
          id={`${id}-name`}
          value={name}
          onChange={setName}
          status={error ? 'error' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          maxLength={100}
          required
          autoFocus
        />
        {error && (
          <div id={`${id}-error`} className="saved-views__error" role="alert">
            {error}
          </div>
        )}
      </form>
    </Dialog>
  );
}
