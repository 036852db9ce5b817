/**
 * Keeps the signed-in user's abilities current (issue 14): the session is validated again when the tab regains
 * focus and on `UserPermissionsUpdated` on the user's private channel (the server publishes it when a role, a
 * group or a membership changes), so menus and guards follow without a reload.
 */
import { useSubscription } from '@refinedev/core';
import { useEffect } from 'react';
import { PERMISSIONS_EVENT } from '@shared/events';
import { onTabReturn } from '@/providers/focus-revalidation';
import { session } from '@/providers/session';
import { useAuthorization } from '@/providers/useAuthorization';
import { userChannel } from '@shared/channels';
import { useTenant } from '@/shell/tenant/TenantContext';

export function SessionRevalidation() {
  const { user } = useAuthorization();
  const { tenant } = useTenant();
  const signedIn = !!user;
  useEffect(() => (signedIn ? onTabReturn(() => void session.revalidate()) : undefined), [signedIn]);
  useSubscription({
    channel: tenant && user ? userChannel(tenant.id, user.id) : '',
    types: [PERMISSIONS_EVENT],
    enabled: !!tenant && !!user,
    onLiveEvent: () => void session.revalidate(),
  });
  return null;
}
