/**
 * Reprocess and delete of a model, each after its confirmation (spec 2 §4, §8): reprocessing only a FINISHED
 * model ('Are you sure you want to reprocess this model? This will overwrite the existing geometry!', then
 * 'Reprocessing started...'); deleting with 'Are you sure you want to delete this model?' and the answer's
 * '{model_name} {status}'.
 */
import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteRecord } from '@/pages/list/useDeleteRecord';
import type { Banner } from '@/pages/list/useResultBanner';
import { models, type ProjectModel } from './models';

export const canReprocess = (model: Pick<ProjectModel, 'status'>) => model.status === 'FINISHED';

export interface ModelActionHandlers {
  /** The result of an action (banner text). */
  onResult(banner: Banner): void;
  /** After a successful delete (default: onResult). */
  onDeleted?(banner: Banner): void;
}

export function useModelActions({ onResult, onDeleted }: ModelActionHandlers) {
  const { modal } = App.useApp();
  const { t } = useTranslation('models');
  const { t: tl } = useTranslation('lists');
  const { mutateAsync } = useCustomMutation();
  const { confirmDelete, deleteDialog } = useDeleteRecord(models, (banner) =>
    banner.type === 'success' && onDeleted ? onDeleted(banner) : onResult(banner),
  );

  const reprocess = (model: Pick<ProjectModel, 'id' | 'status'>) => {
    if (!canReprocess(model)) return;
    modal.confirm({
      title: tl('confirmation'),
      content: t('reprocessConfirm'),
      okText: t('actions.reprocess'),
      cancelText: tl('cancel'),
      onOk: async () => {
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

  return { reprocess, remove: (model: BaseRecord) => confirmDelete(model), deleteDialog };
}
