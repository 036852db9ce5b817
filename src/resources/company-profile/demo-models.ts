/**
 * The company profile's demo-model picker (spec 2 §Company profile) offers the company's finished models: its call
 * filters the models by status (`filter[status]=FINISHED`) and names the fields it shows, each a field of the
 * model's shared schema (`fieldSelection<Model>`).
 */
import type { CrudFilter } from '@refinedev/core';
import type { Model, ModelStatus } from '@shared/entities/models';
import { fieldSelection } from '@/declarations/field-selection';

/** A model as the picker reads it. */
export type DemoModel = Pick<Model, 'id' | 'name' | 'preview_image_url'>;

const FINISHED: CrudFilter[] = [{ field: 'status', operator: 'eq', value: 'FINISHED' satisfies ModelStatus }];

/** `GET /projects/models`: the finished models by name, 100 at most. */
export const DEMO_MODELS_CALL = {
  url: '/projects/models',
  meta: { included_fields: fieldSelection<Model>('models', ['id', 'name', 'preview_image_url']) },
  query: { per_page: 100, page: 1, sort: 'name' },
  filters: FINISHED,
};
