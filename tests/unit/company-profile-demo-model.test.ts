// @vitest-environment node
/**
 * The company profile's demo-model picker (spec 2 §Company profile) offers the company's finished models only: its
 * call, through the real data provider, asks `GET /projects/models` with the status filter
 * (`filter[status]=FINISHED`, not a field) and names the model fields the picker shows (`included_fields[]`, each a
 * field of the model's shared schema). The page renders the answer as the picker's options (`DEMO_MODELS_CALL` is
 * what CompanyProfilePage's `useCustom` sends); rendering the whole page here would cost seconds for nothing more.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Model } from '@shared/entities/models';
import { createDataProvider } from '@/providers/data-provider';
import type { LaravelList } from '@/providers/list-query';
import { DEMO_MODELS_CALL, type DemoModel } from '@/resources/company-profile/demo-models';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, laravelList, signInAs, stubApi } from './data-provider-stub';

type Listed = DemoModel & Pick<Model, 'status'>;
const MODELS: Listed[] = [
  { id: 1, name: 'Harbour crane', preview_image_url: null, status: 'FINISHED' },
  { id: 2, name: 'Kitchen draft', preview_image_url: null, status: 'PROCESSING' },
  { id: 3, name: 'Lobby chair', preview_image_url: null, status: 'FINISHED' },
  { id: 4, name: 'Broken upload', preview_image_url: null, status: 'FAILED' },
];

beforeEach(() => {
  signInAs({ ...aliceUser, abilities: ['edit-company'] });
  tenantStore.setTenant(acmeTenant);
});

describe('the company profile’s demo model', () => {
  it('offers only the finished models, asking for their id, name and preview', async () => {
    // Answers as the server does: `filter[status]` narrows the list; a field selection never does.
    const api = stubApi().on('GET', '/projects/models', (request) => {
      const statuses = request.query.get('filter[status]')?.split(',');
      return { body: laravelList(MODELS.filter((model) => !statuses || statuses.includes(model.status))) };
    });

    const { data } = await createDataProvider().custom!<LaravelList<DemoModel>>({
      method: 'get',
      ...DEMO_MODELS_CALL,
    });

    const [call] = api.calls('/projects/models');
    expect(call.query.get('filter[status]')).toBe('FINISHED');
    expect(call.query.getAll('included_fields[]')).toEqual([
      'models.id',
      'models.name',
      'models.preview_image_url',
    ]);
    expect(call.query.get('sort')).toBe('name');
    expect(data.data.map((model) => model.name)).toEqual(['Harbour crane', 'Lobby chair']);
  });
});
