/**
 * A portal declaration's `permission` and `actions` from its entity's abilities, which the server declaration
 * guards its endpoints with (`LIBRARY_ABILITIES`, shared/entities/library-values.ts): the screen needs the list's
 * (or, where the entity has no standard list, the show's), New the create's, Edit the update's and Delete the
 * delete's, so the portal cannot offer what the server refuses. What only the portal knows stays in its
 * declaration: platforms, a screen narrower than the endpoint, and actions outside the standard endpoints.
 */
import {
  ADMIN_ONLY,
  type AbilityRequirement,
  type CrudAction,
  type EntityAbilities,
  SIGNED_IN,
} from '@shared/entity-abilities';
import type { PlatformKey } from '@shared/platforms';
import type { Permission } from '@/lib/permissions';
import type { ResourceAction, ResourceDeclaration } from './types';

/** The portal's action of each standard write endpoint. */
export const PORTAL_ACTIONS = {
  create: 'create',
  edit: 'update',
  delete: 'delete',
} as const satisfies Partial<Record<ResourceAction, CrudAction>>;

/** The permission that asks what an endpoint needs: the admin flag, nothing more than signing in, or abilities. */
export function permissionOf(requirement: AbilityRequirement, platform?: PlatformKey): Permission {
  const needs: Permission =
    requirement === ADMIN_ONLY ? { admin: true } : requirement === SIGNED_IN ? {} : { ability: requirement };
  return platform ? { platform, ...needs } : needs;
}

export interface PortalAbilityOptions {
  /** The platform of the whole resource, every action included (the authoring-only screens of `hatch`). */
  platform?: PlatformKey;
  /** A platform of single actions (libraries: created and edited in hatch, deleted on both platforms). */
  actionPlatforms?: Partial<Record<ResourceAction, PlatformKey>>;
  /**
   * The screen's ability where it is narrower than the endpoint it reads (one of the list's `a|b` names): the
   * endpoint serves other screens too (the user form's role and group pickers read the roles and groups), the
   * screen only its own users. tests/unit/entity-abilities.test.ts holds it to a part of the endpoint's.
   */
  screen?: AbilityRequirement;
  /**
   * Actions outside the standard endpoints, each with a comment saying whose route they use (a project's copy is
   * a new project; downloads are written through their own admin routes).
   */
  extra?: Partial<Record<ResourceAction, Permission>>;
}

/** `permission` and `actions` of a portal declaration, to spread into `defineResource({...})`. */
export function permissionsFrom(
  abilities: EntityAbilities,
  options: PortalAbilityOptions = {},
): Required<Pick<ResourceDeclaration, 'actions'>> & Pick<ResourceDeclaration, 'permission'> {
  const screen = options.screen ?? abilities.list ?? abilities.show;
  const actions: Partial<Record<ResourceAction, Permission>> = { ...options.extra };
  for (const [action, endpoint] of Object.entries(PORTAL_ACTIONS) as [ResourceAction, CrudAction][]) {
    const requirement = abilities[endpoint];
    if (requirement) actions[action] = permissionOf(requirement, options.actionPlatforms?.[action]);
  }
  const permission = screen
    ? permissionOf(screen, options.platform)
    : options.platform && { platform: options.platform };
  return permission ? { permission, actions } : { actions };
}

/**
 * What `action` of `resource` needs, as one permission (its screen's and the action's own): for a control on
 * another resource's screen that leads there (a project's New Model), so it is offered to those `resource` lets.
 */
export const actionPermission = (
  resource: Pick<ResourceDeclaration, 'permission' | 'actions'>,
  action: ResourceAction,
): Permission => ({ allOf: [resource.permission ?? {}, resource.actions?.[action] ?? {}] });
