// @vitest-environment node
import type { BaseKey } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
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

  it('checks pipe-separated abilities: any one suffices', () => {
    expect(isPermitted(user(['edit-company']), 'hatch', { ability: 'view-company|edit-company' })).toBe(true);
    expect(isPermitted(user(['view-projects']), 'hatch', { ability: 'view-company|edit-company' })).toBe(
      false,
    );
  });

  it('checks pipe-separated licences against the licences list', () => {
    expect(isPermitted(user([], ['design_and_sales']), 'hatch', { licence: 'hatch|design_and_sales' })).toBe(
      true,
    );
    expect(isPermitted(user([], ['design_and_sales']), 'hatch', { licence: 'hatch' })).toBe(false);
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
    };
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
