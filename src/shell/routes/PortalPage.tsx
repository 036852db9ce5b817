/**
 * /portal: where the platform licence rule (spec 1 §2.8) sends a user who lacks this platform's licence. It
 * names the licence the platform needs (its one name, `common:licences.*`) and the platform, offers the platforms
 * the user does hold, and logout. A user who holds this platform's licence is sent on to /.
 */
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import { Glyph } from '@/ui/Glyph';
import { useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PLATFORM_KEYS, PLATFORMS } from '@shared/platforms';
import { licenceNameKey } from '@/lib/licence-names';
import { deployment } from '@/lib/runtime-config';
import { platformSwitchUrl } from '@/shell/layout/host-switch';
import { PLATFORM_ICONS } from '@/shell/layout/PlatformSwitcher';
import { holdsPlatformLicence } from '@/lib/permissions';
import { useAuthorization } from '@/providers/useAuthorization';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { Button } from '@/ui/Button';
import { FullScreenState } from '@/ui/FullScreenState';

export function PortalPage() {
  const { t } = useTranslation();
  const { user } = useAuthorization();
  const { mutate: logout, isPending } = useLogout();
  if (!user) return <Navigate to="/login" replace />;

  const current = deployment.host.platform;
  // Only a user without this platform's licence has anything to read here; an admin (who passes every licence
  // check) or a licensed user who opens /portal goes to the start page instead of being told a licence is missing.
  if (holdsPlatformLicence(user, current)) return <Navigate to="/" replace />;
  const others = PLATFORM_KEYS.filter((key) => key !== current && holdsPlatformLicence(user, key));
  return (
    <FullScreenState
      logo={<BrandLogo />}
      title={t('portal.title', {
        licence: t(licenceNameKey(PLATFORMS[current].licence)),
        platform: t(PLATFORMS[current].labelKey),
      })}
      text={others.length ? t('portal.choose') : t('portal.none')}
      actions={
        <>
          {others.map((key) => (
            <Button
              key={key}
              variant="primary"
              size="large"
              icon={PLATFORM_ICONS[key]}
              onClick={() => window.location.assign(platformSwitchUrl(key, { pathname: '/', search: '' }))}
            >
              {t(PLATFORMS[key].labelKey)}
            </Button>
          ))}
          <Button
            size="large"
            icon={<Glyph icon={LogoutOutlined} />}
            loading={isPending}
            onClick={() => logout()}
          >
            {isPending ? t('avatarMenu.loggingOut') : t('avatarMenu.logout')}
          </Button>
        </>
      }
    />
  );
}
