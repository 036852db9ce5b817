/**
 * Sync (spec 2 §4): a confirmation showing how many items have no date for the current environment (fixed to
 * development in this build; counted over every item, which the list endpoint answers without paging), then
 * `PATCH /admin/changelog-items/sync`; the list shows the result as its banner and reloads.
 */
import { type HttpError, useCustom, useCustomMutation } from '@refinedev/core';
import { environmentDate } from '@shared/entities/changelog-item-values';
import type { ChangelogItem } from '@shared/entities/changelog-items';
import { useTranslation } from 'react-i18next';
import type { ActionDialogProps } from '@/declarations/types';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Spinner } from '@/ui/Spinner';

const SYNC_ENVIRONMENT = 'development';

export default function SyncDialog({ close, done }: ActionDialogProps) {
  const { t } = useTranslation('changelog');
  const { query, result } = useCustom<{ data: ChangelogItem[] }, HttpError>({
    url: '/admin/changelog-items',
    method: 'get',
  });
  const { mutateAsync, mutation } = useCustomMutation<{ updated: number }, HttpError>();
  const items = result?.data?.data ?? [];
  const undated = items.filter((item) => !item[environmentDate(SYNC_ENVIRONMENT)]).length;
  const environment = t(`environments.${SYNC_ENVIRONMENT}`);

  const sync = async () => {
    try {
      const { data } = await mutateAsync({
        url: '/admin/changelog-items/sync',
        method: 'patch',
        values: { environment: SYNC_ENVIRONMENT },
        successNotification: false,
        errorNotification: false,
      });
      done({ type: 'success', text: t('sync.success', { count: data.updated, environment }) });
    } catch (error) {
      done({ type: 'error', text: (error as Error).message || t('sync.failed') });
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      title={t('sync.title')}
      footer={
        <>
          <Button onClick={close}>{t('sync.cancel')}</Button>
          <Button
            variant="primary"
            onClick={() => void sync()}
            loading={mutation.isPending}
            disabled={query.isLoading || !!query.error || undated === 0}
            disabledReason={undated === 0 ? t('sync.none', { environment }) : undefined}
          >
            {t('sync.confirm')}
          </Button>
        </>
      }
    >
      {query.isLoading ? (
        <Spinner label={t('sync.counting')} />
      ) : query.error ? (
        <p role="alert">{query.error.message}</p>
      ) : (
        <p>
          {undated ? t('sync.question', { count: undated, environment }) : t('sync.none', { environment })}
        </p>
      )}
    </Dialog>
  );
}
