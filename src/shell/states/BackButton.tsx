/**
 * The one action of the error screens: one step back in history, keeping that entry's navigation state. A plain
 * button in the portal's own style, so the error screens work before (and without) antd.
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '@/ui/icons';

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly has no entry to go back to: go to the start page instead.
  const back = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <button type="button" className="button button--primary button--large" onClick={() => void back()}>
      <ArrowLeftIcon />
      <span>{t('actions.back')}</span>
    </button>
  );
}
