/** Spec 1 §2.1 'No connection'. */
import { useTranslation } from 'react-i18next';
import { FullScreenState } from '@/ui/FullScreenState';
import { OfflineIcon } from '@/ui/icons';

export function NoConnectionScreen() {
  const { t } = useTranslation();
  return (
    <FullScreenState
      role="alert"
      icon={<OfflineIcon />}
      title={t('states.offline.title')}
      text={t('states.offline.text')}
    />
  );
}
