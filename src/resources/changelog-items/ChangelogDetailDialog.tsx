/** The detail dialog a row click opens (spec 2 §Admin): type, environments, description and the screenshot. */
import type { ChangelogItem } from '@shared/entities/changelog-items';
import { useTranslation } from 'react-i18next';
import type { ActionDialogProps } from '@/declarations/types';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { ChangelogEnvironments, ChangelogTypeBadge } from './changelog-cells';

export default function ChangelogDetailDialog({ record, close }: ActionDialogProps<ChangelogItem>) {
  const { t } = useTranslation('changelog');
  const translate = (key: string, options?: Record<string, unknown>) => t(key, options ?? {});
  return (
    <Dialog
      open={!!record}
      onClose={close}
      title={t('detail.title')}
      footer={<Button onClick={close}>{t('detail.close')}</Button>}
      width={640}
    >
      {record && (
        <div className="changelog-detail">
          <ChangelogTypeBadge type={record.type} t={translate} />
          <p className="changelog-detail__description">{record.description}</p>
          <ChangelogEnvironments item={record} t={translate} />
          {record.screenshot_url ? (
            <img
              className="changelog-detail__screenshot"
              src={record.screenshot_url}
              alt={t('detail.screenshotAlt')}
            />
          ) : (
            <p>{t('detail.noScreenshot')}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
