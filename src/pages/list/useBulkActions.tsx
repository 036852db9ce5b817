/**
 * Row selection and the declared bulk actions of a list (spec 2 §7): the selected records go through
 * `POST /{collection}/update` (refine's `updateMany`; the data provider sends `{action, <field>[n][<idField>]}`),
 * after its confirmation (or the action's own dialog, `form`, asking for more); the answer becomes one banner by
 * `bulkResultBanner`'s rule, the selection is cleared and the list reloads, with the lists of the resources the
 * declaration names in `bulk.refreshes` (those that show these records too, e.g. a library's item count). A row action may run a declared bulk
 * action on its one record (`runFor`, the row action's `bulk`): the same call and banner, the selection left as
 * it is.
 */
import {
  type BaseRecord,
  type GetListParams,
  type HttpError,
  useDataProvider,
  useUpdateMany,
} from '@refinedev/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESTORE_ABILITY } from '@shared/abilities';
import { useConfirmation } from '@/components/useConfirmation';
import { useMutationOnDemand } from '@/components/useMutationOnDemand';
import type { Undo } from '@/components/undo';
import { type Banner, UNDO_BANNER_DURATION_MS } from '@/components/useResultBanner';
import type { Permission } from '@/lib/permissions';
import { recordKey } from '@/declarations/derive';
import type {
  BulkActionDeclaration,
  BulkFormProps,
  ResourceAction,
  ResourceDeclaration,
} from '@/declarations/types';
import { bulkEditAction, EDIT_ACTION, editUndoGroups } from './bulk-edit';
import { BULK_BANNER_DURATION_MS, type BulkAnswer, bulkResultBanner } from './bulk-result';
import { readAllRows } from './read-all-rows';
import { useRelatedRefresh } from './useRelatedRefresh';

const RESTORE: Permission = { ability: RESTORE_ABILITY };
const BulkEditDialog = lazy(() => import('./BulkEditDialog'));
/** The most records Select all matching selects (each is one row of the bulk call). */
export const BULK_SELECT_LIMIT = 5000;
/** The bulk actions that undo each other. */
const INVERSE_ACTIONS: Record<string, string> = { archive: 'activate', activate: 'archive' };
/** refine's updateMany, mounted with the first bulk action (useMutationOnDemand.tsx). */
const useUpdateManyCall = () => useUpdateMany<BaseRecord, HttpError, Record<string, unknown>>().mutateAsync;

export interface BulkActionsOptions {
  can: (needs: ResourceAction | Permission | undefined) => boolean;
  showBanner: (banner: Banner, duration?: number) => void;
  /**
   * Where the focus goes once an action on the selection has run (the list's heading): the selection is cleared,
   * so the toolbar whose button started it is gone.
   */
  focusAfter: () => HTMLElement | null;
}

export function useBulkActions(
  resource: ResourceDeclaration,
  { can, showBanner, focusAfter }: BulkActionsOptions,
) {
  const bulk = resource.list?.bulk;
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const updateMany = useMutationOnDemand(useUpdateManyCall);
  const refreshRelated = useRelatedRefresh(resource);
  const { ask, dialog: confirmDialog } = useConfirmation();
  const [formOf, setFormOf] = useState<BulkActionDeclaration | null>(null);
  const dataProvider = useDataProvider();
  const [selectingAll, setSelectingAll] = useState(false);
  // A form's dialog gives the focus back to the button that opened it, or after its action ran to `focusAfter`.
  const formOpener = useRef<HTMLElement | null>(null);
  const formDone = useRef(false);
  const formReturnFocus = useMemo(
    () => ({
      get current() {
        return formDone.current ? focusAfter() : formOpener.current;
      },
    }),
    [focusAfter],
  );

  /**
   * Selects every record of the list's call (its filters, search and sort; issue 46's 'all rows matching the
   * filter'), read page after page; a list of more than `BULK_SELECT_LIMIT` says so and keeps the selection.
   */
  const selectAllMatching = async (
    call: Omit<GetListParams, 'pagination'>,
    keyOf: (record: BaseRecord) => string,
  ) => {
    setSelectingAll(true);
    try {
      const read = await readAllRows({ getList: dataProvider().getList, call, keyOf }, BULK_SELECT_LIMIT);
      if ('tooLarge' in read) {
        showBanner(
          { type: 'error', text: tl('bulk.tooMany', { count: read.tooLarge, limit: BULK_SELECT_LIMIT }) },
          BULK_BANNER_DURATION_MS,
        );
      } else setSelected(new Set(read.rows.map(keyOf)));
    } catch (error) {
      showBanner(
        { type: 'error', text: (error as Error).message || tl('actionFailed') },
        BULK_BANNER_DURATION_MS,
      );
    } finally {
      setSelectingAll(false);
    }
  };
  // Edit on the selected rows, where the declaration names fields it sets (issue 46), after its own actions.
  const editForm = useMemo<ComponentType<BulkFormProps> | undefined>(
    () =>
      bulk?.edit?.length
        ? function BulkEdit(props: BulkFormProps) {
            return <BulkEditDialog {...props} resource={resource} />;
          }
        : undefined,
    [bulk?.edit, resource],
  );
  const declared = [...(bulk?.actions ?? []), ...(editForm ? [bulkEditAction(editForm)] : [])];
  const actions = declared.filter((action) => can(action.needs));

  /**
   * Why an action cannot run on the selection (its declaration's `disabledReason`, issue 33), judged on the rows
   * at hand when every selected record is among them; the button stays, disabled, with it as its tooltip and
   * description.
   */
  const reasonFor = (action: BulkActionDeclaration, rows: readonly BaseRecord[]): string | undefined => {
    if (!action.disabledReason) return undefined;
    const chosen = rows.filter((row) => selected.has(String(recordKey(resource, row))));
    if (!chosen.length || chosen.length < selected.size) return undefined;
    const key = action.disabledReason(chosen);
    return key && t(key);
  };

  /**
   * How the records an action succeeded on can be put back at once (issue 46), where the user may: a delete's
   * from the recycling bin (with restore-deleted-entities), an archive by activating them and an activation by
   * archiving them (the declared inverse action, with its permission), an edit by sending each record the values
   * it had (the same action, which the user may run). Nothing for other actions.
   */
  const undoOf = (action: BulkActionDeclaration, answer: BulkAnswer): Undo | undefined => {
    const idField = resource.idField ?? 'id';
    const undone = {
      resource: resource.name,
      keys: (answer.success ?? []).map((entry) =>
        entry && typeof entry === 'object'
          ? String((entry as Record<string, unknown>)[idField])
          : String(entry),
      ),
    };
    if (!undone.keys.length) return undefined;
    if (action.action === 'delete') {
      // The user who deleted them may restore them with the answer's undo token (issue 46).
      const token = answer.undo_token;
      if (!resource.recyclingBin || (!can(RESTORE) && !token)) return undefined;
      return token ? { ...undone, token } : undone;
    }
    if (action.action === EDIT_ACTION) {
      return {
        ...undone,
        bulk: { action: EDIT_ACTION, field: bulk!.field, idField, groups: editUndoGroups(resource, answer) },
      };
    }
    const inverse = actions.find((other) => other.action === INVERSE_ACTIONS[action.action]);
    return inverse ? { ...undone, bulk: { action: inverse.action, field: bulk!.field, idField } } : undefined;
  };

  /** Sends the action for these records (the selection without `keys`) and shows its answer as the banner. */
  const perform = async (
    action: BulkActionDeclaration,
    values: Record<string, unknown> = {},
    keys?: string[],
  ) => {
    const ids = keys ?? [...selected];
    try {
      const answer = (await updateMany.run({
        resource: resource.name,
        ids,
        values: { ...values, action: action.action },
        meta: { bulkKey: bulk!.field, bulkIdField: resource.idField ?? 'id' },
        successNotification: false,
        errorNotification: false,
      })) as unknown as BulkAnswer;
      const banner = bulkResultBanner(
        answer,
        {
          success: (count) => t(action.successKey, { count }),
          failure: (names) => t(action.failureKey, { names }),
        },
        resource.list?.nameField ?? 'name',
      );
      if (banner.type === 'success') banner.undo = undoOf(action, answer);
      showBanner(banner, banner.undo ? UNDO_BANNER_DURATION_MS : BULK_BANNER_DURATION_MS);
      if (!keys) setSelected(new Set());
      // The list's own queries reload through updateMany; the lists elsewhere that show these records too
      // (a library's item count after a move) reload here, so they never show what was before.
      await refreshRelated();
    } catch (error) {
      showBanner(
        { type: 'error', text: (error as Error).message || tl('actionFailed') },
        BULK_BANNER_DURATION_MS,
      );
    }
  };

  const start = (action: BulkActionDeclaration) => {
    if (action.form) {
      formOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      formDone.current = false;
      return setFormOf(action);
    }
    ask({
      text: t(action.confirmKey),
      confirmLabel: t(action.labelKey),
      danger: action.danger,
      run: () => perform(action),
      focusAfter,
    });
  };

  /**
   * Runs the declared bulk action `name` (one with a confirmation, not a `form`) on one record (a row action's
   * `bulk`) after a confirmation: the row's text and label when given, else the bulk action's. The row action's
   * `needs` has gated it already.
   */
  const runFor = (name: string, key: string, confirm: { text?: string; label?: string } = {}) => {
    const action = declared.find((declared) => declared.action === name);
    // A row runs a bulk action that asks nothing more (not a move with its dialog).
    if (!action?.confirmKey) throw new Error(`${resource.name}: no bulk action '${name}' to run on a row`);
    ask({
      text: confirm.text ?? t(action.confirmKey),
      confirmLabel: confirm.label ?? t(action.labelKey),
      danger: action.danger,
      run: () => perform(action, {}, [key]),
    });
  };

  const Form = formOf?.form;
  const dialog: ReactNode = (
    <>
      {confirmDialog}
      {updateMany.host}
      {formOf && Form && (
        <Suspense fallback={null}>
          <Form
            count={selected.size}
            close={() => setFormOf(null)}
            returnFocus={formReturnFocus}
            submit={async (values) => {
              await perform(formOf, values);
              formDone.current = true;
              setFormOf(null);
            }}
          />
        </Suspense>
      )}
    </>
  );

  return {
    enabled: actions.length > 0,
    actions,
    selected,
    setSelected,
    start,
    reasonFor,
    runFor,
    selectAllMatching,
    selectingAll,
    busy: updateMany.busy,
    dialog,
  };
}
