// @vitest-environment node
/**
 * The screens the screenshot review and the accessible-name check visit (tests/e2e/support/portal-screens.ts)
 * cover the route table: every route of it is opened by at least one screen, so a route added without a screen
 * to visit fails here.
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '@/shell/routes/route-table';
import { type Ids, SCREEN_GROUPS } from '../e2e/support/portal-screens';

const IDS: Ids = {
  project: 1,
  model: 2,
  library: 3,
  item: 4,
  material: 'Brushed Steel',
  category: 5,
  label: 6,
  download: 7,
  propertyMap: 8,
  user: 9,
  role: 10,
  group: 11,
  faq: 12,
  adminUser: 13,
  company: 14,
  maintenance: 15,
  issue: 16,
  feedback: 17,
  changelog: 18,
};

const visitedPaths = Object.values(SCREEN_GROUPS)
  .flat()
  .map((screen) => (typeof screen.path === 'string' ? screen.path : screen.path(IDS)).split('?')[0]);

/** A react-router path as a pattern of the paths it matches (`projects/edit/:projectId`). */
const pattern = (path: string) =>
  new RegExp(`^/${path.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\*$/, '.*')}$`);

describe('the screens visited end to end', () => {
  it.each(ROUTE_TABLE.map((entry) => entry.path))('include a screen of the route /%s', (path) => {
    expect(visitedPaths.some((visited) => pattern(path).test(visited))).toBe(true);
  });
});
