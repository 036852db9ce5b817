/**
 * The one action of the error screens: one step back in history, keeping that entry's navigation state. The
 * portal's own primary button (`src/ui/Button`), so the error screens look right before (and without) antd.
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/ui/Button';
import { ArrowLeftIcon } from '@/ui/icons';

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly has no entry to go back to: go to the start page instead.
  const back = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <Button variant="primary" size="large" icon={<ArrowLeftIcon />} onClick={() => void back()}>
      {t('actions.back')}
    </Button>
  );
}
