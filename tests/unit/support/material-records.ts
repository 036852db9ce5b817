/** A material as `GET /materials/{name}` answers it (shared/entities/materials.ts), for the overview tests. */
export const oakMaterial = {
  id: 11,
  name: 'Oak',
  description: null,
  preview_image_url: null,
  viewer_texture_url: null,
  status: 'ACTIVE',
  status_color: '#52c41a',
  categories: [{ id: 4, name: 'Woods' }],
  parent_name: null,
  deletable: true,
  active_version_creator_name: 'Alice Anders',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  deleted_at: null,
};
