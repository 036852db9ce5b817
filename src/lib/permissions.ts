/**
 * The one permission evaluator of the portal (spec 1 §6): a permission may require a platform, the admin flag,
 * abilities and licences (each pipe-separated, any one suffices), and any one or every one of further permissions.
 * Administrators pass every ability and licence check (they work in every company, also where they hold no
 * licence); the platform applies to everyone.
 * The access-control provider, the side navigation, the platform switcher and the route guards all ask here.
 */
import { hasAbility, hasLicence, type PermissionSubject } from '@shared/abilities';
import { PLATFORMS, type PlatformKey } from '@shared/platforms';

export interface Permission {
  /** Only on this platform (e.g. the authoring-only screens of `hatch`). */
  platform?: PlatformKey;
  /** Administrators only. */
  admin?: true;
  /** Pipe-separated ability names, e.g. `view-company|edit-company`. */
  ability?: string;
  /** Pipe-separated licence keys. */
  licence?: string;
  /** And any one of these (a menu group: any of its entries). */
  anyOf?: readonly Permission[];
  /** And every one of these (a menu entry: its resource's permission and its list route's guard). */
  allOf?: readonly Permission[];
}

export function isPermitted(
  subject: PermissionSubject | null | undefined,
  platform: PlatformKey,
  permission: Permission = {},
): boolean {
  if (!subject) return false;
  if (permission.platform && permission.platform !== platform) return false;
  if (permission.admin && !subject.admin) return false;
  if (permission.ability && !hasAbility(subject, permission.ability)) return false;
  if (permission.licence && !subject.admin && !hasLicence(subject, permission.licence)) return false;
  if (permission.anyOf && !permission.anyOf.some((one) => isPermitted(subject, platform, one))) return false;
  if (permission.allOf && !permission.allOf.every((one) => isPermitted(subject, platform, one))) return false;
  return true;
}

/** Holds the licence a platform needs (spec 1 §2.8): `hatch` for authoring, `design_and_sales` for the portal. */
export const holdsPlatformLicence = (subject: PermissionSubject | null | undefined, platform: PlatformKey) =>
  isPermitted(subject, platform, { licence: PLATFORMS[platform].licence });
