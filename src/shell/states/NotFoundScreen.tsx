/** Spec 1 §2.1 'Not found': tenant logo, '404 | Page Not Found' (or a supplied status text) and Back. */
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { FullScreenState } from '@/ui/FullScreenState';
import { BackButton } from './BackButton';

export function NotFoundScreen({ statusText }: { statusText?: string }) {
  const { t } = useTranslation();
  return (
    <FullScreenState
      logo={<BrandLogo />}
      title={statusText || t('states.notFound.title')}
      actions={<BackButton />}
    />
  );
}
