/**
 * The one permission evaluator of the portal (spec 1 §6): a permission may require a platform, the admin flag,
 * abilities and licences (each one name or `anyOf(…)`: any one suffices; typed, so a misspelt name fails the type
 * check), and any one or every one of further permissions.
 * Administrators pass every ability and licence check (they work in every company, also where they hold no
 * licence); the platform applies to everyone.
 * The access-control provider, the side navigation, the platform switcher and the route guards all ask here.
 */
import {
  hasAbility,
  hasLicence,
  type PermissionSubject,
  type RequiredAbilities,
  type RequiredLicences,
} from '@shared/abilities';
import { PLATFORMS, type PlatformKey } from '@shared/platforms';
import { licenceNameKey } from './licence-names';

export interface Permission {
  /** Only on this platform (e.g. the authoring-only screens of `hatch`). */
  platform?: PlatformKey;
  /** Administrators only. */
  admin?: true;
  /** An ability, or several of which any one suffices: `anyOf('view-company', 'edit-company')`. */
  ability?: RequiredAbilities;
  /** A licence key, or several of which any one suffices: `anyLicenceOf('hatch', 'design_and_sales')`. */
  licence?: RequiredLicences;
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

/** Translates a key of any namespace (`ns:key`) with values: the `t` of i18next or react-i18next. */
export type ReasonTranslator = (key: string, options?: Record<string, unknown>) => string;

/** The first unmet part of a permission, in `isPermitted`'s order; null when it is met. */
type Denial =
  | { kind: 'signedOut' }
  | { kind: 'platform'; platform: PlatformKey }
  | { kind: 'admin' }
  | { kind: 'ability'; names: string[] }
  | { kind: 'licence'; names: string[] };

const names = (list: string) =>
  list
    .split('|')
    .map((name) => name.trim())
    .filter(Boolean);

function denial(
  subject: PermissionSubject | null | undefined,
  platform: PlatformKey,
  permission: Permission,
): Denial | null {
  if (!subject) return { kind: 'signedOut' };
  if (permission.platform && permission.platform !== platform)
    return { kind: 'platform', platform: permission.platform };
  if (permission.admin && !subject.admin) return { kind: 'admin' };
  if (permission.ability && !hasAbility(subject, permission.ability))
    return { kind: 'ability', names: names(permission.ability) };
  if (permission.licence && !subject.admin && !hasLicence(subject, permission.licence))
    return { kind: 'licence', names: names(permission.licence) };
  // A group: why its first alternative fails (each says what would let the user in).
  if (permission.anyOf?.length && !permission.anyOf.some((one) => isPermitted(subject, platform, one)))
    return denial(subject, platform, permission.anyOf[0]!);
  for (const one of permission.allOf ?? []) {
    const unmet = denial(subject, platform, one);
    if (unmet) return unmet;
  }
  return null;
}

/**
 * Why a permission is not met, in the user's language (issue 33, 'why not'): the missing ability by its name in
 * the role editor (`securityRoles:abilityNames.*`), the missing licence by its one name (`licenceNameKey`), the
 * platform it is limited to, or administrators only; undefined when it is met. Alternatives (`a|b`) are named
 * as such ('… or …'). The access-control provider answers it as refine's `reason`, and every control shown
 * disabled for want of a permission shows it (tooltip and accessible description).
 */
export function whyNotPermitted(
  subject: PermissionSubject | null | undefined,
  platform: PlatformKey,
  permission: Permission = {},
  t: ReasonTranslator,
): string | undefined {
  const unmet = denial(subject, platform, permission);
  if (!unmet) return undefined;
  switch (unmet.kind) {
    case 'signedOut':
      return t('common:reasons.signedOut');
    case 'admin':
      return t('common:reasons.admin');
    case 'platform':
      return t('common:reasons.platform', { platform: t(`common:${PLATFORMS[unmet.platform].labelKey}`) });
    case 'ability':
      return t('common:reasons.ability', {
        count: unmet.names.length,
        names: unmet.names.map((name) =>
          t('common:reasons.quoted', { name: t(`securityRoles:abilityNames.${name}`) }),
        ),
      });
    case 'licence':
      return t('common:reasons.licence', {
        count: unmet.names.length,
        names: unmet.names.map((name) => t(licenceNameKey(name))),
      });
  }
}

/** Holds the licence a platform needs (spec 1 §2.8): `hatch` for authoring, `design_and_sales` for the portal. */
export const holdsPlatformLicence = (subject: PermissionSubject | null | undefined, platform: PlatformKey) =>
  isPermitted(subject, platform, { licence: PLATFORMS[platform].licence });
