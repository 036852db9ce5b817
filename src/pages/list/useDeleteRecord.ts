/**
 * Delete through a dialog titled 'Confirmation' with the entity's exact text, then the call, then the banner
 * '{name} {status}' from the API's answer (spec 2 §2, §8).
 */
import { type BaseRecord, useDelete } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '@/resources/types';
import type { Banner } from './useResultBanner';

export function useDeleteRecord(resource: ResourceDeclaration, onResult: (banner: Banner) => void) {
  const { modal } = App.useApp();
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const { mutateAsync } = useDelete();
  const deletion = resource.deletion;

  return (record: BaseRecord) => {
    if (!deletion || record.id === undefined) return;
    modal.confirm({
      title: tl('confirmation'),
      content: t(deletion.confirmKey),
      okText: tl('delete'),
      okButtonProps: { danger: true },
      cancelText: tl('cancel'),
      onOk: async () => {
        try {
          const { data } = await mutateAsync({
            resource: resource.name,
            id: record.id!,
            successNotification: false,
            errorNotification: false,
          });
          const answer = data as Record<string, unknown>;
          const name = answer[deletion.answerNameKey] ?? record[resource.list?.nameField ?? 'name'];
          onResult({ type: 'success', text: `${String(name ?? '')} ${String(answer.status ?? '')}`.trim() });
        } catch (error) {
          onResult({ type: 'error', text: (error as Error).message || tl('deleteFailed') });
        }
      },
    });
  };
}
