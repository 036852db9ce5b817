/**
 * refine's accessControlProvider (spec 1 §6): a resource declares what it needs in `meta.access` (a Permission
 * for the resource as a whole, plus one per action), and `can` evaluates it for the signed-in user on the host's
 * platform. Denied buttons and menu entries are hidden, not disabled.
 */
import type { AccessControlProvider } from '@refinedev/core';
import type { PermissionSubject } from '@shared/abilities';
import type { PlatformKey } from '@shared/platforms';
import { isPermitted, type Permission } from '@/lib/permissions';
import { deployment } from '@/lib/runtime-config';
import { sessionUser } from './session';

/** What a resource's `meta.access` may hold. */
export interface ResourceAccess {
  /** Needed for everything on the resource (listing it, its menu entry, every action). */
  permission?: Permission;
  /** Needed in addition for an action: `{ create: { ability: 'create-projects' } }`. */
  actions?: Partial<Record<string, Permission>>;
}

export const accessOf = (meta: unknown): ResourceAccess =>
  ((meta as { access?: ResourceAccess } | undefined)?.access ?? {}) as ResourceAccess;

/** Whether a subject may perform an action on a resource with this access declaration. */
export function canUseResource(
  subject: PermissionSubject | null | undefined,
  platform: PlatformKey,
  access: ResourceAccess,
  action: string,
): boolean {
  return (
    isPermitted(subject, platform, access.permission) &&
    isPermitted(subject, platform, access.actions?.[action])
  );
}

export interface AccessSource {
  subject(): PermissionSubject | null;
  platform: PlatformKey;
}

const portalSource: AccessSource = { subject: sessionUser, platform: deployment.host.platform };

export function createAccessControlProvider(source: AccessSource = portalSource): AccessControlProvider {
  return {
    can: async ({ action, params }) => {
      const access = accessOf(params?.resource?.meta);
      return { can: canUseResource(source.subject(), source.platform, access, action) };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // One answer per resource and action is enough for a session; the cache is cleared when the user changes.
      queryOptions: { staleTime: Infinity },
    },
  };
}
