/** The banners of planned maintenance windows (UpcomingMaintenance.tsx loads them when there are any). */
import type { UpcomingMaintenance } from '@shared/entities/planned-maintenance';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/intl-formats';
import { Alert } from '@/ui/Alert';
import './maintenance-banners.css';

export interface MaintenanceBannersProps {
  windows: UpcomingMaintenance[];
  /** When the windows were read (ms): a window that had started by then is under way. */
  checkedAt: number;
  onDismiss(window: UpcomingMaintenance): void;
}

export default function MaintenanceBanners({ windows, checkedAt, onDismiss }: MaintenanceBannersProps) {
  const { t, i18n, ready } = useTranslation('adminMaintenance');
  if (!ready) return null;
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="maintenance-banners">
      {windows.map((window) => {
        const values = {
          name: window.name,
          start: formatDate(window.start_datetime, language, true),
          end: formatDate(window.end_datetime, language, true),
        };
        const ongoing = Date.parse(window.start_datetime) <= checkedAt;
        return (
          <Alert
            key={window.id}
            type="warning"
            role="status"
            message={t(ongoing ? 'banner.ongoing' : 'banner.upcoming', values)}
            description={window.description ?? undefined}
            closable={{ label: t('banner.dismiss', { name: window.name }), onClose: () => onDismiss(window) }}
            className="maintenance-banner"
          />
        );
      })}
    </div>
  );
}
