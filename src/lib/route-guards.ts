/**
 * Route guards (spec 1 §2.7, §2.8, §6). A route that does not exist on this platform or for this user (the
 * authoring-only and admin-only routes) is not found; without the platform's licence the user goes to
 * /portal; lacking an ability group's permission, to /unauthorized.
 */
import { anyOf, type PermissionSubject, type RequiredAbilities } from '@shared/abilities';
import type { PlatformKey } from '@shared/platforms';
import { holdsPlatformLicence, isPermitted } from '@/lib/permissions';

export interface RouteGuard {
  platform?: 'hatch';
  admin?: true;
  /** An ability, or several of which any one suffices (`anyOf(…)`). */
  ability?: RequiredAbilities;
}

/** Spec 1 §6's Tools group (/tools/…): any one of its list abilities opens the area. */
export const TOOLS_GUARD = {
  ability: anyOf('list-downloads', 'list-labels', 'access-recycling-bin'),
} as const satisfies RouteGuard;

export type GuardOutcome = 'allow' | 'not-found' | 'no-licence' | 'unauthorized';

export const GUARD_REDIRECTS = { 'no-licence': '/portal', unauthorized: '/unauthorized' } as const;

export function evaluateGuard(
  guard: RouteGuard = {},
  user: PermissionSubject,
  platform: PlatformKey,
): GuardOutcome {
  if (!isPermitted(user, platform, { platform: guard.platform, admin: guard.admin })) return 'not-found';
  if (!holdsPlatformLicence(user, platform)) return 'no-licence';
  if (!isPermitted(user, platform, { ability: guard.ability })) return 'unauthorized';
  return 'allow';
}
