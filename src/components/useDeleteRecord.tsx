/**
 * Delete through a dialog titled 'Confirmation' with the entity's exact text, then the call, then the banner
 * '{name} {status}' from the API's answer (spec 2 §2, §8), as a sentence of the user's language (or the
 * declaration's own text, `successKey`: 'Category deleted successfully'). The screen renders `deleteDialog`; the Delete button
 * shows that it is busy while the call runs.
 */
import { type BaseKey, type BaseRecord, useDelete } from '@refinedev/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordKey } from '@/declarations/derive';
import type { ResourceDeclaration } from '@/declarations/types';
import { RESTORE_ABILITY } from '@shared/abilities';
import { useAuthorization } from '@/providers/useAuthorization';
import { useConfirmation } from './useConfirmation';
import { useMutationOnDemand } from './useMutationOnDemand';
import type { Banner } from './useResultBanner';

/** refine's delete, mounted with the first delete (useMutationOnDemand.tsx). */
const useDeleteCall = () => useDelete().mutateAsync;

export interface DeleteRecord {
  /** Asks for the confirmation of deleting this record. */
  confirmDelete(record: BaseRecord): void;
  /** The confirmation dialog (nothing while closed): render it once on the screen. */
  deleteDialog: ReactNode;
  /**
   * The key of the record being (or just) deleted: a screen showing that record stops reading it (its query
   * `enabled: removing === undefined`), so the deleted record is never asked for again (refine drops its cached
   * copy on success, which would otherwise make the screen fetch it once more and get a 404).
   */
  removing: BaseKey | undefined;
}

export interface DeleteRecordOptions {
  /** What takes the focus after a delete (the list's heading: the row and its menu are gone). */
  focusAfter?: () => HTMLElement | null;
}

export function useDeleteRecord(
  resource: ResourceDeclaration,
  onResult: (banner: Banner) => void,
  options: DeleteRecordOptions = {},
): DeleteRecord {
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const deleteCall = useMutationOnDemand(useDeleteCall);
  const { ask, dialog } = useConfirmation();
  const deletion = resource.deletion;
  const [removing, setRemoving] = useState<BaseKey>();
  // A record that goes to the recycling bin can come back at once (issue 46): for a user who may restore, or with
  // the delete's undo token.
  const { can } = useAuthorization();
  const restorable = !!resource.recyclingBin && can(RESTORE_ABILITY);

  const remove = async (record: BaseRecord): Promise<boolean> => {
    const id = recordKey(resource, record);
    if (!deletion || id === undefined) return false;
    setRemoving(id);
    try {
      const { data } = await deleteCall.run({
        resource: resource.name,
        id,
        // Where the resource writes elsewhere (`admin/questions/categories`), on any screen.
        ...(resource.writeCollection && { meta: { writeCollection: resource.writeCollection } }),
        successNotification: false,
        errorNotification: false,
      });
      const answer = data as Record<string, unknown>;
      // Its user may undo a delete to the recycling bin with its token, without the bin's restore ability.
      const token = typeof answer.undo_token === 'string' ? answer.undo_token : undefined;
      const undo =
        resource.recyclingBin && (restorable || token)
          ? { undo: { resource: resource.name, keys: [id], ...(token && { token }) } }
          : {};
      if (deletion.successKey) {
        onResult({ type: 'success', text: t(deletion.successKey, answer), ...undo });
        return true;
      }
      const name = answer[deletion.answerNameKey] ?? record[resource.list?.nameField ?? 'name'];
      // The sentence is the portal's, its parts the record's name and the API's status word (in the user's
      // language: the API answers in the request's Accept-Language).
      const status = typeof answer.status === 'string' && answer.status ? answer.status : tl('deletedStatus');
      onResult({ type: 'success', text: tl('deletedBanner', { name: String(name ?? ''), status }), ...undo });
      return true;
    } catch (error) {
      setRemoving(undefined);
      onResult({ type: 'error', text: (error as Error).message || tl('deleteFailed') });
      return false;
    }
  };

  return {
    confirmDelete: (record) => {
      if (deletion && recordKey(resource, record) !== undefined)
        ask({
          text: t(deletion.confirmKey),
          confirmLabel: deletion.labelKey ? t(deletion.labelKey) : tl('delete'),
          danger: true,
          run: () => remove(record),
          focusAfter: options.focusAfter,
        });
    },
    deleteDialog: deletion && (
      <>
        {dialog}
        {deleteCall.host}
      </>
    ),
    removing,
  };
}
