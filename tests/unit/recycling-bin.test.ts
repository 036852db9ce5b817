// @vitest-environment node
/** The recycling bin: days left (30 minus whole days since deletion, none at 0) and its tabs from the registry. */
import { describe, expect, it } from 'vitest';
import { daysLeft } from '@/pages/recycling-bin/days-left';
import { binResources } from '@/pages/recycling-bin/RecyclingBinPage';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-11-23T12:00:00Z');
const deleted = (msAgo: number) => new Date(now - msAgo).toISOString();

describe('daysLeft', () => {
  it('is 30 minus the whole days since the deletion while positive', () => {
    expect(daysLeft(deleted(0), now)).toBe(30);
    expect(daysLeft(deleted(DAY - 1), now)).toBe(30);
    expect(daysLeft(deleted(2 * DAY + 5000), now)).toBe(28);
    expect(daysLeft(deleted(15 * DAY), now)).toBe(15);
    expect(daysLeft(deleted(29 * DAY + 60_000), now)).toBe(1);
  });

  it('is none (---) from 30 whole days on, and for a missing or broken date', () => {
    expect(daysLeft(deleted(30 * DAY), now)).toBeNull();
    expect(daysLeft(deleted(31 * DAY), now)).toBeNull();
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('yesterday', now)).toBeNull();
  });
});

describe('the bin’s tabs', () => {
  it('come from the declarations’ recyclingBin, in their order', () => {
    expect(binResources(RESOURCES).map((resource) => resource.recyclingBin!.tabKey)).toEqual([
      'projects',
      'models',
      'libraries',
      'items',
      'materialCategories',
      'materials',
    ]);
    const declare = (name: string, order: number) =>
      ({
        name,
        ns: name,
        screen: name,
        idParam: 'id',
        routes: {},
        recyclingBin: { tabKey: name, order, sortKey: `trash_${name}` },
      }) as ResourceDeclaration;
    expect(
      binResources([declare('materials', 60), declare('projects', 10), declare('libraries', 30)]).map(
        (resource) => resource.name,
      ),
    ).toEqual(['projects', 'libraries', 'materials']);
  });
});
