// @vitest-environment node
/**
 * Issue 31, journey 4: an action the portal offers never leads to a refusal screen. For every declared list, its
 * create button, its header actions that are links, and a tree's create-inside buttons: whoever the button is
 * offered to (the declaration's permission for it, evaluated as the list page does) passes the guard of the
 * route it leads to, for an administrator and for users holding any one ability, all or none, on both platforms;
 * the processor's header buttons likewise.
 * A button the spec shows to everyone but lets only some use (New Download) is disabled, with its reason, for
 * the others (`createDisabledKey`): offered to nobody who would be refused.
 */
import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { ABILITIES, type PermissionSubject } from '@shared/abilities';
import { PLATFORM_KEYS } from '@shared/platforms';
import { evaluateGuard } from '@/lib/route-guards';
import { isPermitted, type Permission } from '@/lib/permissions';
import { canUseResource } from '@/providers/access-control';
import { RESOURCES } from '@/resources/index';
import { visibleTabs } from '@/pages/processor/processor-tabs';
import type { ResourceAction, ResourceDeclaration } from '@/declarations/types';
import { ROUTE_TABLE } from '@/shell/routes/route-table';

const LICENCES = ['hatch', 'design_and_sales'];
const SUBJECTS: Array<{ label: string; subject: PermissionSubject }> = [
  { label: 'an administrator', subject: { admin: true, abilities: [], licenses: LICENCES } },
  {
    label: 'a user with every ability',
    subject: { admin: false, abilities: [...ABILITIES], licenses: LICENCES },
  },
  { label: 'a user without abilities', subject: { admin: false, abilities: [], licenses: LICENCES } },
  ...ABILITIES.map((ability) => ({
    label: `a user with only ${ability}`,
    subject: { admin: false, abilities: [ability], licenses: LICENCES },
  })),
];

/** The route-table entry a path leads to (the first that matches, as the router's ranking puts static first). */
function guardOf(path: string) {
  const pathname = path.split('?')[0];
  const entries = ROUTE_TABLE.filter((entry) => matchPath(`/${entry.path}`, pathname));
  // A static segment outranks a parameter (`libraries/create` over `libraries/:libraryId`).
  entries.sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0));
  expect(entries.length, `a route for ${path}`).toBeGreaterThan(0);
  return entries[0].guard;
}

interface Offer {
  what: string;
  to: string;
  /** Whether the list page offers it (enabled) to this subject on this platform. */
  offered(subject: PermissionSubject, platform: (typeof PLATFORM_KEYS)[number]): boolean;
}

const can =
  (resource: ResourceDeclaration, needs: ResourceAction | Permission | undefined) =>
  (subject: PermissionSubject, platform: (typeof PLATFORM_KEYS)[number]) =>
    needs === undefined
      ? true
      : typeof needs === 'string'
        ? canUseResource(
            subject,
            platform,
            { permission: resource.permission, actions: resource.actions },
            needs,
          )
        : isPermitted(subject, platform, needs);

function offersOf(resource: ResourceDeclaration): Offer[] {
  const offers: Offer[] = [];
  const list = resource.list;
  if (!list) return offers;
  const listed = can(resource, 'list');
  if (resource.routes.create && resource.routes.list) {
    offers.push({
      what: `${resource.name}: create button`,
      to: `/${resource.routes.create}`,
      offered: (subject, platform) => listed(subject, platform) && can(resource, 'create')(subject, platform),
    });
  }
  for (const action of list.headerActions ?? []) {
    if (!action.to) continue;
    offers.push({
      what: `${resource.name}: header action ${action.key}`,
      to: action.to.to,
      offered: (subject, platform) =>
        listed(subject, platform) && can(resource, action.needs)(subject, platform),
    });
  }
  const tree = resource.tree;
  if (tree?.createContainerIn) {
    offers.push({
      what: `${resource.name}: create inside a container`,
      to: `/${tree.createContainerIn.replace(/:\w+/, '1')}`,
      offered: (subject, platform) => listed(subject, platform) && can(resource, 'create')(subject, platform),
    });
  }
  const leaves = RESOURCES.find((candidate) => candidate.name === tree?.leaves.resource);
  if (tree?.createLeafIn && leaves) {
    offers.push({
      what: `${resource.name}: create a leaf inside a container`,
      to: `/${tree.createLeafIn.replace(/:\w+/, '1')}`,
      offered: (subject, platform) => listed(subject, platform) && can(leaves, 'create')(subject, platform),
    });
  }
  return offers;
}

/** The processor's header buttons (New Model, Import, New Material), to whoever may open the processor. */
function processorOffers(): Offer[] {
  const processorGuard = guardOf('/processor');
  const keys = new Set(
    visibleTabs({ admin: true, abilities: [], licenses: LICENCES }, 'hatch').flatMap((tab) =>
      tab.buttons.map((button) => `${tab.key}:${button.key}:${button.to}`),
    ),
  );
  return [...keys].map((key) => {
    const [tabKey, buttonKey, to] = key.split(':');
    return {
      what: `processor: ${tabKey} tab's ${buttonKey}`,
      to,
      offered: (subject, platform) =>
        evaluateGuard(processorGuard, subject, platform) === 'allow' &&
        visibleTabs(subject, platform).some(
          (tab) => tab.key === tabKey && tab.buttons.some((button) => button.key === buttonKey),
        ),
    };
  });
}

describe('actions offered on the lists (issue 31)', () => {
  const offers = [...RESOURCES.flatMap(offersOf), ...processorOffers()];

  it.each(offers.map((offer) => [offer.what, offer] as const))('%s leads to no refusal', (_what, offer) => {
    const guard = guardOf(offer.to);
    const refused: string[] = [];
    for (const platform of PLATFORM_KEYS) {
      for (const { label, subject } of SUBJECTS) {
        if (!offer.offered(subject, platform)) continue;
        const outcome = evaluateGuard(guard, subject, platform);
        if (outcome !== 'allow') refused.push(`${label} on ${platform}: ${outcome}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
