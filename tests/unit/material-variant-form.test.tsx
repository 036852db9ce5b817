/**
 * A material variant's form (/materials/create/variant/{name}, issue 31): the new variant starts with its base
 * material's categories and preview, which the user may keep (sent as the categories, the preview left out so the
 * server keeps the base's file) or change.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ResourceFormPage from '@/pages/form/ResourceFormPage';
import { materials } from '@/resources/materials/materials.resource';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const PREVIEW = 'http://acme.portal.localhost/api/v2/files/materials/previews/oak.png';

const oakNatural = {
  id: 1,
  name: 'Oak Natural',
  description: 'Natural oak.',
  preview_image_url: PREVIEW,
  viewer_texture_url: null,
  status: 'ACTIVE',
  status_color: '#52c41a',
  categories: [
    { id: 4, name: 'Oak' },
    { id: 6, name: 'Stone' },
  ],
  parent_name: null,
  deletable: true,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  deleted_at: null,
  active_version_creator_name: 'Alice Anders',
};

const variantRoute = materials.routes.extra!.find((route) => route.path.includes('variant'))!;

let api: ApiStub;
beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  api = stubApi()
    .on('GET', '/materials/:name', { body: { data: oakNatural } })
    .on('GET', '/materials/categories', {
      body: laravelList([
        { id: 4, name: 'Oak' },
        { id: 5, name: 'Walnut' },
        { id: 6, name: 'Stone' },
      ]),
    })
    .on('POST', '/materials', {
      status: 201,
      body: { data: { ...oakNatural, id: 2, name: 'Oak Natural Matte', parent_name: 'Oak Natural' } },
    });
});

function renderVariantForm() {
  render(
    <RefineHarness
      path="/materials/create/variant/Oak%20Natural"
      routePath={`/${variantRoute.path}`}
      i18n={portalI18n('en')}
    >
      <ResourceFormPage
        resource={materials}
        action="create"
        presets={variantRoute.presets}
        titleKey={variantRoute.titleKey}
      />
    </RefineHarness>,
  );
}

/** Save, once the form's rules have loaded (until then Save is disabled and a click does nothing). */
async function saveOnceReady(user: ReturnType<typeof userEvent.setup>) {
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  await user.click(save);
}

describe("a material variant's form", () => {
  it("starts with its base's categories and preview, and keeps them when the user does", async () => {
    const user = userEvent.setup();
    renderVariantForm();
    await screen.findByRole('heading', { name: 'New Variant' });
    const preview = await screen.findByRole('img', { name: 'Preview image' });
    expect(preview).toHaveAttribute('src', PREVIEW);
    const categories = screen.getByLabelText('Categories').closest('.ant-select')!;
    await waitFor(() => expect(categories).toHaveTextContent('OakStone'));
    expect(screen.getByLabelText('Base material (variant of)')).toHaveValue('Oak Natural');

    await user.type(screen.getByLabelText('Name'), 'Oak Natural Matte');
    await saveOnceReady(user);

    await waitFor(() => expect(api.calls('/materials', 'POST')).toHaveLength(1));
    const [created] = api.calls('/materials', 'POST');
    expect(created.body).toEqual({
      name: 'Oak Natural Matte',
      parent_name: 'Oak Natural',
      category_ids: [4, 6],
    });
  });

  it('sends what the user changed: the preview removed', async () => {
    const user = userEvent.setup();
    renderVariantForm();
    await screen.findByRole('img', { name: 'Preview image' });
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Preview image' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Oak Natural Bare');
    await saveOnceReady(user);

    await waitFor(() => expect(api.calls('/materials', 'POST')).toHaveLength(1));
    expect(api.calls('/materials', 'POST')[0].body).toMatchObject({
      name: 'Oak Natural Bare',
      parent_name: 'Oak Natural',
      preview_upload_id: null,
    });
  });
});
