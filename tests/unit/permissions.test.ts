// @vitest-environment node
import type { BaseKey } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { anyLicenceOf, anyOf } from '@shared/abilities';
import { holdsPlatformLicence, isPermitted } from '@/lib/permissions';
import { canUseResource, createAccessControlProvider } from '@/providers/access-control';
import { navigationResources } from '@/shell/navigation/navigation';

const user = (abilities: string[] = [], licenses: string[] = [], admin = false) => ({
  admin,
  abilities,
  licenses,
});

describe('isPermitted', () => {
  it('lets an admin pass every ability and licence check', () => {
    const admin = user([], [], true);
    expect(
      isPermitted(admin, 'hatch', { ability: 'delete-projects', licence: 'standalone', admin: true }),
    ).toBe(true);
  });

  it('checks several abilities (anyOf): any one suffices', () => {
    const company = anyOf('view-company', 'edit-company');
    expect(isPermitted(user(['edit-company']), 'hatch', { ability: company })).toBe(true);
    expect(isPermitted(user(['view-company']), 'hatch', { ability: company })).toBe(true);
    expect(isPermitted(user(['view-projects']), 'hatch', { ability: company })).toBe(false);
  });

  it('checks several licences (anyLicenceOf) against the licences list', () => {
    const either = anyLicenceOf('hatch', 'design_and_sales');
    expect(isPermitted(user([], ['design_and_sales']), 'hatch', { licence: either })).toBe(true);
    expect(isPermitted(user([], ['design_and_sales']), 'hatch', { licence: 'hatch' })).toBe(false);
  });

  it('takes only ability names and licence keys that exist: a misspelt one fails the type check', () => {
    const alice = user(['view-projects'], ['hatch']);
    // Each line below compiles only because of its @ts-expect-error: tsc fails once a misspelt name type-checks.
    // @ts-expect-error 'view-project' is no ability (view-projects is).
    expect(isPermitted(alice, 'hatch', { ability: 'view-project' })).toBe(false);
    // @ts-expect-error a hand-written list is not checked name by name; anyOf(…) is.
    expect(isPermitted(alice, 'hatch', { ability: 'view-projects|view-company' })).toBe(true);
    // @ts-expect-error 'edit-compnay' is no ability.
    expect(() => anyOf('view-company', 'edit-compnay')).not.toThrow();
    // @ts-expect-error 'hatchet' is no licence key.
    expect(isPermitted(alice, 'hatch', { licence: 'hatchet' })).toBe(false);
    // Where the names come at run time (the user's own abilities), they stay strings.
    expect(alice.abilities).toEqual(['view-projects']);
  });

  it('limits platform-only permissions to their platform, admins included', () => {
    expect(isPermitted(user(), 'hatch', { platform: 'hatch' })).toBe(true);
    expect(isPermitted(user([], [], true), 'customerportal', { platform: 'hatch' })).toBe(false);
  });

  it('refuses admin-only permissions to others and everything to nobody', () => {
    expect(isPermitted(user(['view-projects']), 'hatch', { admin: true })).toBe(false);
    expect(isPermitted(null, 'hatch', {})).toBe(false);
  });

  it('knows the licence of each platform (spec 1 §2.8)', () => {
    expect(holdsPlatformLicence(user([], ['hatch']), 'hatch')).toBe(true);
    expect(holdsPlatformLicence(user([], ['hatch']), 'customerportal')).toBe(false);
    expect(holdsPlatformLicence(user([], ['design_and_sales']), 'customerportal')).toBe(true);
  });
});

describe('the access-control provider', () => {
  const resources = navigationResources();
  const resource = (name: string) => resources.find((item) => item.name === name)!;
  const can = async (
    subject: ReturnType<typeof user>,
    platform: 'hatch' | 'customerportal',
    name: string,
    action = 'list',
  ) => {
    const provider = createAccessControlProvider({ subject: () => subject, platform });
    const item = resource(name);
    return (
      await provider.can({ resource: name, action, params: { resource: { ...item, name: item.name } } })
    ).can;
  };

  it('answers from the resource declaration for the signed-in user', async () => {
    expect(await can(user(['view-projects']), 'hatch', 'projects')).toBe(true);
    expect(await can(user([]), 'hatch', 'projects')).toBe(false);
    expect(await can(user(['list-materials']), 'customerportal', 'materials')).toBe(false);
    expect(await can(user([], [], true), 'hatch', 'admin/companies')).toBe(true);
    expect(await can(user(['view-system-users']), 'hatch', 'security')).toBe(true);
  });

  it('adds what an action needs on top of the resource', () => {
    const access = {
      permission: { ability: 'view-projects' },
      actions: { create: { ability: 'create-projects' } },
    } as const;
    expect(canUseResource(user(['view-projects']), 'hatch', access, 'list')).toBe(true);
    expect(canUseResource(user(['view-projects']), 'hatch', access, 'create')).toBe(false);
    expect(canUseResource(user(['view-projects', 'create-projects']), 'hatch', access, 'create')).toBe(true);
  });

  it('hides denied buttons instead of disabling them, and caches answers', () => {
    const provider = createAccessControlProvider({ subject: () => null, platform: 'hatch' });
    expect(provider.options?.buttons?.hideIfUnauthorized).toBe(true);
    expect(provider.options?.queryOptions?.staleTime).toBe(Infinity);
  });

  it('refuses everything without a session', async () => {
    const provider = createAccessControlProvider({ subject: () => null, platform: 'hatch' });
    const id: BaseKey = 1;
    expect(
      (
        await provider.can({
          resource: 'dashboard',
          action: 'list',
          params: { id, resource: resource('dashboard') },
        })
      ).can,
    ).toBe(false);
  });
});
