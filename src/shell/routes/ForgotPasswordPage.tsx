/** /forgot-password, linked from the login page: the password-reset flow is not part of this build yet. */
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/shell/states/BackButton';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { FullScreenState } from '@/ui/FullScreenState';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <FullScreenState
      logo={<BrandLogo />}
      title={t('screens.forgotPassword')}
      text={t('comingSoon.text')}
      actions={<BackButton />}
    />
  );
}
