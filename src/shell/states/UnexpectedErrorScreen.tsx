/** Spec 1 §2.1 'Unexpected error': logo, 'Unexpected Application Error' and Back. */
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { FullScreenState } from '@/ui/FullScreenState';
import { BackButton } from './BackButton';

export function UnexpectedErrorScreen() {
  const { t } = useTranslation();
  return (
    <FullScreenState
      role="alert"
      logo={<BrandLogo />}
      title={t('states.unexpected.title')}
      actions={<BackButton />}
    />
  );
}
