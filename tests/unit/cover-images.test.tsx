/**
 * Cover images where users look first (issue 42): a project's row, a library's and a material category's card show
 * the record's cover (its own preview, else a render in it, as the server answers it), and the generic icon only
 * when it has none.
 */
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BaseRecord } from '@refinedev/core';
import type { RenderContext, ResourceDeclaration } from '@/declarations/types';
import ResourceListPage from '@/pages/list/ResourceListPage';
import { libraries } from '@/resources/libraries/libraries.resource';
import { materialCategories } from '@/resources/material-categories/material-categories.resource';
import { projects } from '@/resources/projects/projects.resource';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, laravelList, RefineHarness, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const RENDER = 'http://acme.portal.localhost/api/v2/files/previews/project_models/render.webp';

const project = (id: number, name: string, cover: string | null) => ({
  id,
  parent_id: null,
  status: 'active',
  preview_image: null,
  cover_image: cover,
  name,
  description: null,
  labels: [],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  deleted_at: null,
  users: [],
  is_favorited: false,
});

beforeEach(() => {
  sessionStorage.clear();
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
});

describe("a project's row", () => {
  it("shows its cover (its model's render) and the icon without one", async () => {
    stubApi().on('GET', '/projects', {
      body: {
        ...laravelList([project(1, 'Harbour Tower', RENDER), project(2, 'Atrium Mall', null)], {
          perPage: 5,
        }),
        meta_data: { filters: { labels: [] } },
      },
    });
    render(
      <RefineHarness path="/projects" routePath="/projects" i18n={portalI18n('en')}>
        <ResourceListPage resource={projects} action="list" />
      </RefineHarness>,
    );
    const harbour = (await screen.findByText('Harbour Tower')).closest('tr')!;
    expect(within(harbour).getByRole('img', { name: 'Harbour Tower' })).toHaveAttribute('src', RENDER);
    const atrium = screen.getByText('Atrium Mall').closest('tr')!;
    const icon = within(atrium).getByRole('img', { name: 'Atrium Mall' });
    expect(icon).not.toHaveAttribute('src');
    expect(icon.querySelector('svg')).not.toBeNull();
  });
});

const context: RenderContext = { t: (key) => key, platform: 'hatch', can: () => true };

/** The declared card of a record, as a grid view shows it. */
function renderCard(resource: ResourceDeclaration, record: BaseRecord) {
  return render(<>{resource.list!.cards!.card(record, context)}</>).container;
}

describe.each([
  ['library', libraries, 'cover_image', 'preview_image'],
  ['material category', materialCategories, 'cover_image_url', 'preview_image_url'],
])("a %s's card", (_name, resource, coverField, previewField) => {
  const record = (cover: string | null) => ({
    id: 1,
    name: 'Furniture',
    status: 'ACTIVE',
    status_color: '#52c41a',
    indirect_items_count: 2,
    indirect_materials_count: 2,
    [previewField]: null,
    [coverField]: cover,
  });

  it('shows its cover when it has one', () => {
    const card = renderCard(resource, record(RENDER));
    expect(card.querySelector('img')).toHaveAttribute('src', RENDER);
  });

  it('shows the generic icon without one', () => {
    const card = renderCard(resource, record(null));
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.preview-card__image svg')).not.toBeNull();
  });
});
