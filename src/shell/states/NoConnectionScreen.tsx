/** Spec 1 §2.1 'No connection'. */
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FullScreenState } from '@/ui/FullScreenState';

export function NoConnectionScreen() {
  const { t } = useTranslation();
  return (
    <FullScreenState
      role="alert"
      icon={<DisconnectOutlined aria-hidden />}
      title={t('states.offline.title')}
      text={t('states.offline.text')}
    />
  );
}
