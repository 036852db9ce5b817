/** /unauthorized: where an ability-gated route sends a user without the permission (spec 1 §6). */
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/shell/states/BackButton';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { FullScreenState } from '@/ui/FullScreenState';
import { BlockedIcon } from '@/ui/icons';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <FullScreenState
      logo={<BrandLogo />}
      icon={<BlockedIcon />}
      title={t('unauthorized.title')}
      text={t('unauthorized.text')}
      actions={<BackButton />}
    />
  );
}
