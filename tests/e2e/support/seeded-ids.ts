/**
 * The ids of the seeded records the id-bearing screens of ./portal-screens.ts open, asked for through the API once
 * per worker (its server's seed does not change them).
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { API, apiHeaders, type DemoUser, sharedSession } from './portal';
import type { Ids } from './portal-screens';

async function firstRecord<T>(request: APIRequestContext, user: DemoUser, collection: string): Promise<T> {
  const { access_token: token } = await sharedSession(user);
  const separator = collection.includes('?') ? '&' : '?';
  const response = await request.get(`${API}/${collection}${separator}per_page=1`, {
    headers: apiHeaders('acme', token),
  });
  expect(response.status(), collection).toBe(200);
  const body = (await response.json()) as { data: T[] | T };
  const records = Array.isArray(body.data) ? body.data : [body.data];
  expect(records.length, `a seeded record of ${collection}`).toBeGreaterThan(0);
  return records[0];
}

/** The seeded records' ids, asked for once per worker (its server's seed does not change them). */
let ids: Promise<Ids> | undefined;
export function seededIdsOnce(request: APIRequestContext): Promise<Ids> {
  ids ??= seededIds(request).catch((error: unknown) => {
    ids = undefined;
    throw error;
  });
  return ids;
}

async function seededIds(request: APIRequestContext): Promise<Ids> {
  const id = async (user: DemoUser, collection: string) =>
    (await firstRecord<{ id: number }>(request, user, collection)).id;
  return {
    project: await id('alice', 'projects?filter[search]=Harbour%20Tower'),
    model: await id('alice', 'projects/models'),
    library: await id('alice', 'libraries'),
    item: await id('alice', 'libraries/items'),
    material: (await firstRecord<{ name: string }>(request, 'alice', 'materials')).name,
    category: await id('alice', 'materials/categories'),
    label: await id('alice', 'labels'),
    download: await id('alice', 'downloads'),
    propertyMap: await id('alice', 'property-maps'),
    user: await id('alice', 'users'),
    role: await id('alice', 'roles'),
    group: await id('alice', 'groups'),
    faq: await id('alice', 'questions/categories'),
    adminUser: await id('admin', 'admin/users'),
    company: await id('admin', 'admin/companies'),
    maintenance: await id('admin', 'admin/planned-maintenance'),
    issue: await id('admin', 'admin/issue-reports'),
    feedback: await id('admin', 'admin/feedback-reports'),
    changelog: await id('admin', 'admin/changelog-items'),
  };
}
