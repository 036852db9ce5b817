// @vitest-environment node
/**
 * A reference picker shows the names of the records a record already refers to before (or without) its own list
 * of options: on a material's edit form the categories read 'Legacy', never the raw id '8' (issue 12's review).
 */
import { describe, expect, it } from 'vitest';
import { knownOptions, valuesFromRecord } from '@/pages/form/form-values';
import { RESOURCES } from '@/resources/index';

const material = {
  name: 'Vinyl Retro',
  description: 'Vinyl Retro for interior and exterior renders.',
  parent_name: null,
  categories: [{ id: 8, name: 'Legacy' }],
  preview_image_url: null,
};

describe('a material’s categories on its edit form', () => {
  const fields = RESOURCES.find((resource) => resource.name === 'materials')!.form!.fields;

  it('are known by name, as the record holds them', () => {
    expect(knownOptions(fields, material).category_ids).toEqual([{ value: 8, label: 'Legacy' }]);
  });

  it('are the form’s value as ids', () => {
    expect(valuesFromRecord(fields, material).category_ids).toEqual([8]);
  });
});
