// @vitest-environment node
/**
 * Issue 30: an entity's abilities are stated once (`LIBRARY_ABILITIES`, shared/entities/<entity>-values.ts) and
 * both declarations use them. Every portal declaration whose collection the server declares asks what the
 * server's endpoints need: New the create's, Edit the update's, Delete the delete's, the screen the list's (the
 * show's where the entity has no standard list) or a part of it. So the portal never offers what the server
 * answers 403 to, and a portal or server declaration that writes its own abilities again fails here once they
 * drift.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY, type EntityAbilities, SIGNED_IN } from '@shared/entity-abilities';
import { PORTAL_ACTIONS } from '@/declarations/permissions-from';
import type { ResourceAction, ResourceDeclaration } from '@/declarations/types';
import type { Permission } from '@/lib/permissions';
import { RESOURCES } from '@/resources/index';
import { declaredEntities } from '../../server/api/index';

/** What a portal permission asks, in the server's words: ADMIN_ONLY, abilities, or SIGNED_IN for neither. */
const requirementOf = (permission: Permission | undefined): string =>
  permission?.admin ? ADMIN_ONLY : (permission?.ability ?? SIGNED_IN);

const names = (requirement: string) => requirement.split('|').map((name) => name.trim());

/** Each portal declaration beside its server declaration's abilities (by the collection both name). */
async function pairs() {
  const entities = await declaredEntities();
  const byCollection = new Map(
    entities.map((entity) => [
      entity.collection,
      ('abilities' in entity ? entity.abilities : {}) as EntityAbilities,
    ]),
  );
  return RESOURCES.flatMap((resource): [ResourceDeclaration, EntityAbilities][] => {
    const abilities = byCollection.get(resource.name);
    return abilities ? [[resource, abilities]] : [];
  });
}

describe('each entity’s abilities, the same for the server and the portal', () => {
  it('pairs the portal declarations with the server declarations of their collections', async () => {
    const paired = (await pairs()).map(([resource]) => resource.name);
    // The rest are the user's own screens on special routes (my account, my company, sending a report).
    expect(
      RESOURCES.filter((resource) => !paired.includes(resource.name)).map((resource) => resource.name),
    ).toEqual(['companies/my-company', 'feedback-reports', 'issue-reports', 'my-account']);
  });

  it('offers New, Edit and Delete with exactly the abilities of the create, update and delete endpoints', async () => {
    for (const [resource, abilities] of await pairs()) {
      for (const [action, endpoint] of Object.entries(PORTAL_ACTIONS) as [
        ResourceAction,
        keyof EntityAbilities,
      ][]) {
        const server = abilities[endpoint];
        if (!server) continue;
        expect(requirementOf(resource.actions?.[action]), `${resource.name}: ${action}`).toBe(server);
      }
    }
  });

  it('opens a screen only for those the endpoint it reads lets in', async () => {
    for (const [resource, abilities] of await pairs()) {
      const server = abilities.list ?? abilities.show;
      const portal = requirementOf(resource.permission);
      if (!server || server === SIGNED_IN) {
        expect(portal, resource.name).toBe(SIGNED_IN);
      } else if (server === ADMIN_ONLY) {
        expect(portal, resource.name).toBe(ADMIN_ONLY);
      } else {
        // The screen may ask fewer of the endpoint's alternatives (the Roles screen: view-roles of the list that
        // the user form's role picker reads too), never another.
        expect(portal, resource.name).not.toBe(SIGNED_IN);
        expect(names(server), resource.name).toEqual(expect.arrayContaining(names(portal)));
      }
    }
  });
});
