/** The one action of the error screens: one step back in history, keeping that entry's navigation state. */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly has no entry to go back to: go to the start page instead.
  const back = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <Button type="primary" size="large" icon={<ArrowLeftOutlined aria-hidden />} onClick={back}>
      {t('actions.back')}
    </Button>
  );
}
