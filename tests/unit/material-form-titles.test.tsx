/**
 * The titles of the materials' generic forms (spec 2 §Materials and categories): Edit Material and New Category,
 * in English and Dutch. The end-to-end check of these screens is axe and sideways scroll only
 * (tests/e2e/faq-screens.spec.ts).
 */
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, it } from 'vitest';
import ResourceFormPage from '@/pages/form/ResourceFormPage';
import { materialCategories } from '@/resources/material-categories/material-categories.resource';
import { materials } from '@/resources/materials/materials.resource';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, laravelList, RefineHarness, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const slate = {
  id: 1,
  name: 'Slate 30/60',
  description: null,
  preview_image_url: null,
  viewer_texture_url: null,
  status: 'ACTIVE',
  status_color: '#52c41a',
  categories: [],
  parent_name: null,
  deletable: true,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  deleted_at: null,
  active_version_creator_name: 'Alice Anders',
};

beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  stubApi()
    .on('GET', '/materials/:name', { body: { data: slate } })
    .on('GET', '/materials/categories', { body: laravelList([{ id: 4, name: 'Woods' }]) });
});

describe("the materials' form titles", () => {
  for (const [language, edit, create] of [
    ['en', 'Edit Material', 'New Category'],
    ['nl', 'Materiaal bewerken', 'Nieuwe categorie'],
  ] as const) {
    it(`edit a material reads '${edit}' (${language})`, async () => {
      render(
        <RefineHarness
          path={`/materials/edit/${encodeURIComponent(slate.name)}`}
          routePath="/materials/edit/:materialName"
          i18n={portalI18n(language)}
        >
          <ResourceFormPage resource={materials} action="edit" />
        </RefineHarness>,
      );
      await screen.findByRole('heading', { name: edit, level: 1 });
    });

    it(`create a category reads '${create}' (${language})`, async () => {
      render(
        <RefineHarness
          path="/materials/categories/create"
          routePath="/materials/categories/create"
          i18n={portalI18n(language)}
        >
          <ResourceFormPage resource={materialCategories} action="create" />
        </RefineHarness>,
      );
      await screen.findByRole('heading', { name: create, level: 1 });
    });
  }
});
