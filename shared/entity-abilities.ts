/**
 * An entity's abilities per standard endpoint, stated once in its TypeBox-free shared module (`LIBRARY_ABILITIES`
 * in shared/entities/library-values.ts, which the portal's registry may load) for both sides: the server
 * declaration guards its endpoints with them (`abilities: LIBRARY_ABILITIES`, server/http/crud/declaration.ts) and
 * the portal declaration derives its `permission` and `actions` from them (`permissionsFrom`,
 * src/declarations/permissions-from.ts), so the portal never offers New, Edit or Delete where the server answers
 * 403. tests/unit/entity-abilities.test.ts compares every portal declaration with its server declaration.
 */
import { anyOf, type RequiredAbilities } from './abilities';

/**
 * The ability of an endpoint only administrators may use (the `/admin/...` entities): the route is guarded by the
 * admin flag, and the portal asks `{ admin: true }`.
 */
export const ADMIN_ONLY = '@admin';

/**
 * The ability of an endpoint every signed-in user of the tenant may use, whatever their role (the FAQ's reads):
 * the route is guarded by a valid token alone, and the portal asks nothing more.
 */
export const SIGNED_IN = '@signed-in';

/** The standard endpoints of a declared entity; one is registered when the entity names its ability. */
export type CrudAction = 'list' | 'show' | 'create' | 'update' | 'delete';

/**
 * What an endpoint needs: an ability, several (`a|b`: any one of them suffices, spec 1 §6; write them with
 * `anyOf`), ADMIN_ONLY or SIGNED_IN.
 */
export type AbilityRequirement = RequiredAbilities | typeof ADMIN_ONLY | typeof SIGNED_IN;

/** An entity's requirement per standard endpoint; an endpoint without one does not exist. */
export type EntityAbilities = Partial<Record<CrudAction, AbilityRequirement>>;

/** Written here too, where the entities' values modules import it from. */
export { anyOf };
