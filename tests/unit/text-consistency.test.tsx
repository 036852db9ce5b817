/**
 * One way of writing each text (issue 12): a status reads the same on every card and tag (the locale's text as it
 * is, 'Active' and 'Archived' as in the spec's '{name} Archived...'), on the materials', categories' and
 * libraries' lists, except the Processor's material cards, whose badge spec 2 §Processor upper-cases (issue 31).
 * The spelling and wording of every text: text-wording.test.ts.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@/resources/index';
import { PROCESSOR_TABS } from '@/pages/processor/processor-tabs';
import type { ResourceDeclaration } from '@/declarations/types';
import { portalI18n } from './support/portal-app';

describe('status tags', () => {
  const en = portalI18n('en');
  const statusOf = (resource: ResourceDeclaration, status: string) => {
    const t = en.getFixedT('en', resource.ns) as (key: string, options?: Record<string, unknown>) => string;
    const record = {
      id: 1,
      name: 'Oak',
      status,
      status_color: '#52c41a',
      preview_image: null,
      preview_image_url: null,
      indirect_items_count: 0,
      indirect_materials_count: 0,
      active_version_creator_name: 'Alice',
      created_at: '2026-03-01T08:00:00.000Z',
    };
    const { container, unmount } = render(
      <>{resource.list!.cards!.card(record, { t, platform: 'hatch', can: () => true })}</>,
    );
    const shown = container.querySelector('.status-badge')?.textContent;
    unmount();
    return shown;
  };
  const withStatusCards = ['libraries', 'materials', 'materials/categories'].map(
    (name) => [name, RESOURCES.find((resource) => resource.name === name)!] as const,
  );

  it.each(withStatusCards)('%s: show the status as the locale writes it', (_name, resource) => {
    expect(statusOf(resource, 'ACTIVE')).toBe('Active');
    expect(statusOf(resource, 'ARCHIVED')).toBe('Archived');
  });

  it("processor materials: show the locale's status upper-cased, as spec 2 §Processor says ('upper-cased status badge')", () => {
    const resource = PROCESSOR_TABS.find((tab) => tab.key === 'materials')!.resource;
    expect(statusOf(resource, 'ACTIVE')).toBe('ACTIVE');
    expect(statusOf(resource, 'ARCHIVED')).toBe('ARCHIVED');
  });
});
