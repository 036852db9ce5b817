/**
 * refine's accessControlProvider (spec 1 §6): a resource declares what it needs in `meta.access` (a Permission
 * for the resource as a whole, plus one per action), and `can` evaluates it for the signed-in user on the host's
 * platform, and answers why not (`reason`, from `whyNotPermitted`: the missing ability, licence, platform or admin
 * flag, in the user's language). Denied buttons and menu entries are hidden, as spec 2 §6 says; a control the
 * portal shows disabled instead says this reason (issue 33).
 */
import { type AccessControlProvider, keys } from '@refinedev/core';
import type { QueryClient } from '@tanstack/react-query';
import i18n, { type i18n as I18n } from 'i18next';
import type { PermissionSubject } from '@shared/abilities';
import type { PlatformKey } from '@shared/platforms';
import { isPermitted, type Permission, type ReasonTranslator, whyNotPermitted } from '@/lib/permissions';
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

/**
 * Why a subject may not perform an action on a resource (its permission first, then the action's); undefined
 * where it may.
 */
export function whyNotResource(
  subject: PermissionSubject | null | undefined,
  platform: PlatformKey,
  access: ResourceAccess,
  action: string,
  t: ReasonTranslator,
): string | undefined {
  return (
    whyNotPermitted(subject, platform, access.permission, t) ??
    whyNotPermitted(subject, platform, access.actions?.[action], t)
  );
}

export interface AccessSource {
  subject(): PermissionSubject | null;
  platform: PlatformKey;
  /** Translates the reasons (the portal's i18next). */
  t?: ReasonTranslator;
}

const portalSource: AccessSource = { subject: sessionUser, platform: deployment.host.platform };
const portalT: ReasonTranslator = (key, options) => i18n.t(key, options ?? {});

export function createAccessControlProvider(source: AccessSource = portalSource): AccessControlProvider {
  return {
    can: async ({ action, params }) => {
      const access = accessOf(params?.resource?.meta);
      const subject = source.subject();
      if (canUseResource(subject, source.platform, access, action)) return { can: true };
      return {
        can: false,
        reason: whyNotResource(subject, source.platform, access, action, source.t ?? portalT),
      };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // One answer per resource and action is enough for a session; the cache is cleared when the user changes.
      queryOptions: { staleTime: Infinity },
    },
  };
}

/**
 * refine's `useCan` keeps each answer for the session (`staleTime` above), its `reason` text included: a switch of
 * language asks again, so a disabled control says why in the language now shown. Returns the unsubscribe.
 */
export function reasonsFollowLanguage(queryClient: QueryClient, languages: Pick<I18n, 'on' | 'off'> = i18n) {
  const askAgain = () => void queryClient.invalidateQueries({ queryKey: keys().access().get() });
  languages.on('languageChanged', askAgain);
  return () => languages.off('languageChanged', askAgain);
}
