/** The signed-in user's permissions, as the shell and pages check them (spec 1 §6). */
import { useGetIdentity } from '@refinedev/core';
import { hasAbility, hasLicence } from '@shared/abilities';
import type { SessionUser } from '@shared/session';

export interface Authorization {
  user: SessionUser | undefined;
  /** Admin, or one of the pipe-separated abilities. */
  can(ability: string): boolean;
  hasLicence(licence: string): boolean;
}

export function useAuthorization(): Authorization {
  const { data: user } = useGetIdentity<SessionUser>();
  return {
    user,
    can: (ability) => !!user && hasAbility(user, ability),
    hasLicence: (licence) => !!user && hasLicence(user, licence),
  };
}
