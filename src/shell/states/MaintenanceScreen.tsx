/** Spec 1 §2.1 'Maintenance': the logo and the service's status text (or the default headline). */
import { useTranslation } from 'react-i18next';
import type { MaintenanceInfo } from '@/providers/http-client';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { FullScreenState } from '@/ui/FullScreenState';
import { WrenchIcon } from '@/ui/icons';

export function MaintenanceScreen({ info }: { info: MaintenanceInfo }) {
  const { t } = useTranslation();
  return (
    <FullScreenState
      role="alert"
      logo={<BrandLogo />}
      icon={<WrenchIcon />}
      title={info.status || t('states.maintenance.title')}
    />
  );
}
