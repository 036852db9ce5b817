/** The banner of an action's result (`useResultBanner`): success as a status, failure as an alert. */
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert';
import type { Banner } from './useResultBanner';

export function ResultBanner({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const { t } = useTranslation('lists');
  if (!banner) return null;
  return (
    <Alert
      className="list-banner"
      type={banner.type}
      message={banner.text}
      closable={{ label: t('closeBanner'), onClose }}
      role={banner.type === 'error' ? 'alert' : 'status'}
    />
  );
}
