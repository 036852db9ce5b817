/** What the signed-in user may do with a declared resource on this platform (spec 1 §6, spec 2 §6). */
import { useCallback } from 'react';
import { isPermitted, type Permission } from '@/lib/permissions';
import { deployment } from '@/lib/runtime-config';
import { canUseResource } from '@/providers/access-control';
import type { ResourceAction, ResourceDeclaration } from '@/resources/types';
import { useAuthorization } from '@/providers/useAuthorization';

export function useResourcePermissions(resource: ResourceDeclaration) {
  const { user } = useAuthorization();
  const platform = deployment.host.platform;
  const can = useCallback(
    (needs: ResourceAction | Permission | undefined): boolean => {
      if (needs === undefined) return true;
      if (typeof needs === 'string') {
        return canUseResource(
          user,
          platform,
          { permission: resource.permission, actions: resource.actions },
          needs,
        );
      }
      return isPermitted(user, platform, needs);
    },
    [platform, resource.actions, resource.permission, user],
  );
  return { can, platform, user };
}
