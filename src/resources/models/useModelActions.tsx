/**
 * Reprocess and delete of a model, each after its confirmation (spec 2 §4, §8): reprocessing only a FINISHED
 * (or, issue 31, a FAILED) model ('Are you sure you want to reprocess this model? This will overwrite the existing geometry!', then
 * 'Reprocessing started...'); deleting with 'Are you sure you want to delete this model?' and the answer's
 * '{model_name} {status}'.
 */
import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { isReprocessable } from '@shared/entities/model-values';
import { useDeleteRecord } from '@/components/useDeleteRecord';
import { useConfirmation } from '@/components/useConfirmation';
import type { Banner } from '@/components/useResultBanner';
import { models, type ProjectModel } from './models.resource';

/** Spec 2 §4 and issue 31: a FINISHED model, or a FAILED one as its way out. */
export const canReprocess = (model: Pick<ProjectModel, 'status'>) => isReprocessable(model.status);

export interface ModelActionHandlers {
  /** The result of an action (banner text). */
  onResult(banner: Banner): void;
  /** After a successful delete (default: onResult). */
  onDeleted?(banner: Banner): void;
}

export function useModelActions({ onResult, onDeleted }: ModelActionHandlers) {
  const { t } = useTranslation('models');
  const { mutateAsync } = useCustomMutation();
  const { ask, dialog: reprocessDialog } = useConfirmation();
  const { confirmDelete, deleteDialog, removing } = useDeleteRecord(models, (banner) =>
    banner.type === 'success' && onDeleted ? onDeleted(banner) : onResult(banner),
  );

  const reprocess = (model: Pick<ProjectModel, 'id' | 'status'>) => {
    if (!canReprocess(model)) return;
    ask({
      text: t('reprocessConfirm'),
      confirmLabel: t('actions.reprocess'),
      run: async () => {
        try {
          await mutateAsync({
            url: `/projects/models/${model.id}/reprocess`,
            method: 'post',
            values: {},
            successNotification: false,
            errorNotification: false,
          });
          onResult({ type: 'success', text: t('reprocessStarted') });
        } catch (error) {
          onResult({ type: 'error', text: (error as Error).message });
        }
      },
    });
  };

  return {
    reprocess,
    remove: (model: BaseRecord) => confirmDelete(model),
    /** The model being deleted: its screen stops reading it. */
    removing,
    /** The confirmation dialogs of both actions: render them once on the screen. */
    dialogs: (
      <>
        {reprocessDialog}
        {deleteDialog}
      </>
    ),
  };
}
