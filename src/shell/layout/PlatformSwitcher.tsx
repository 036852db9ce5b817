/** One icon per platform the user holds the licence of; choosing one moves to that platform's host. */
import BuildOutlined from '@ant-design/icons-svg/es/asn/BuildOutlined';
import ShoppingOutlined from '@ant-design/icons-svg/es/asn/ShoppingOutlined';
import { Glyph } from '@/ui/Glyph';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PLATFORM_KEYS, PLATFORMS, type PlatformKey } from '@shared/platforms';
import { deployment } from '@/lib/runtime-config';
import { holdsPlatformLicence } from '@/lib/permissions';
import { useAuthorization } from '@/providers/useAuthorization';
import { Button } from '@/ui/Button';
import { Tooltip } from '@/ui/Tooltip';
import { platformSwitchUrl } from './host-switch';

export const PLATFORM_ICONS: Record<PlatformKey, ReactNode> = {
  hatch: <Glyph icon={BuildOutlined} />,
  customerportal: <Glyph icon={ShoppingOutlined} />,
};

export function PlatformSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const { user } = useAuthorization();
  const current = deployment.host.platform;
  const platforms = PLATFORM_KEYS.filter((key) => holdsPlatformLicence(user, key));
  if (!platforms.length || !deployment.host.company) return null;

  return (
    <nav className="platform-switcher" aria-label={t('platformSwitcher.label')}>
      {platforms.map((key) => {
        const label = t(PLATFORMS[key].labelKey);
        const active = key === current;
        return (
          <Tooltip key={key} title={label} placement="bottom">
            <Button
              variant={active ? 'primary' : 'text'}
              shape="circle"
              icon={PLATFORM_ICONS[key]}
              aria-label={label}
              aria-current={active ? 'true' : undefined}
              data-platform={key}
              onClick={active ? undefined : () => window.location.assign(platformSwitchUrl(key, location))}
            />
          </Tooltip>
        );
      })}
    </nav>
  );
}
