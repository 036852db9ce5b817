/**
 * What the signed-in user may do with a declared resource on this platform (spec 1 §6, spec 2 §6), and why not
 * (`whyNot`: the reason a control shown disabled says, in the user's language; undefined where it is allowed).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isPermitted, type Permission, whyNotPermitted } from '@/lib/permissions';
import { deployment } from '@/lib/runtime-config';
import { canUseResource, whyNotResource } from '@/providers/access-control';
import type { ResourceAction, ResourceDeclaration } from '@/declarations/types';
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
  const { t } = useTranslation();
  const whyNot = useCallback(
    (needs: ResourceAction | Permission | undefined): string | undefined => {
      if (needs === undefined) return undefined;
      if (typeof needs === 'string') {
        return whyNotResource(
          user,
          platform,
          { permission: resource.permission, actions: resource.actions },
          needs,
          t,
        );
      }
      return whyNotPermitted(user, platform, needs, t);
    },
    [platform, resource.actions, resource.permission, t, user],
  );
  return { can, whyNot, platform, user };
}
