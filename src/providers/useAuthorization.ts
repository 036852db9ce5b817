/** The signed-in user's permissions, as the shell and pages check them (spec 1 §6). */
import { hasAbility, hasLicence, type RequiredAbilities, type RequiredLicences } from '@shared/abilities';
import type { SessionUser } from '@shared/session';
import { useSession } from './useSession';

export interface Authorization {
  user: SessionUser | undefined;
  /** Admin, or the ability (any one of `anyOf(…)`'s). */
  can(ability: RequiredAbilities): boolean;
  hasLicence(licence: RequiredLicences): boolean;
}

/** Reads the session state directly (the same user refine's `getIdentity` returns), so it never lags a render. */
export function useAuthorization(): Authorization {
  const user = useSession().auth?.user;
  return {
    user,
    can: (ability) => !!user && hasAbility(user, ability),
    hasLicence: (licence) => !!user && hasLicence(user, licence),
  };
}
