/**
 * The field selections the lists and reads send (spec 2 §7), in one place: `included_fields[]` (only these)
 * on projects, libraries (the list, and one library's `name` and `meta_data`) and library items;
 * `excluded_fields[]` (all but these) on models, materials, material categories, users, roles and the
 * administrators' users. Each names the fields with the list's resource prefix, as the API reads them
 * (`projects.name`; server/http/list-query.ts). An included list holds what its screen shows and its row menu
 * reads; an excluded one what no list shows (a record's trash date, the overview's viewer texture, a role's
 * ability list).
 */

const prefixed = (resource: string, fields: readonly string[]) =>
  fields.map((field) => `${resource}.${field}`);

/** `GET /projects | … included_fields[]`: spec 2 §3's project fields, the list's columns. */
export const PROJECT_LIST_FIELDS = prefixed('projects', [
  'id',
  'status',
  'preview_image',
  'name',
  'description',
  'labels',
  'created_at',
  'updated_at',
  'users',
  'is_favorited',
]);

/** `GET /libraries | filter[parent_id], … included_fields`: the cards and rows, without sub-libraries or breadcrumbs. */
export const LIBRARY_LIST_FIELDS = prefixed('libraries', [
  'id',
  'parent_id',
  'name',
  'description',
  'preview_image',
  'status',
  'status_color',
  'is_deletable',
  'indirect_items_count',
  'labels',
  'created_at',
  'updated_at',
]);

/** `GET /libraries/{id} | included_fields (name, meta_data)`: the tree's heading and breadcrumbs. */
export const LIBRARY_SHOW_FIELDS = prefixed('libraries', ['name', 'meta_data']);

const ITEM_FIELDS = [
  'id',
  'name',
  'preview_image_url',
  'status',
  'status_color',
  'libraries',
  'is_deletable',
  'deletable',
  'uploader_name',
  'created_at',
  'updated_at',
];

/** `GET /libraries/items | filter[library], … included_fields`: a library's items (cards and rows). */
export const LIBRARY_ITEM_LIST_FIELDS = prefixed('items', ITEM_FIELDS);

/** The processor's Items tab: the card's progress message, timer and finish time besides (spec 2 §Processor). */
export const PROCESSOR_ITEM_FIELDS = prefixed('items', [
  ...ITEM_FIELDS,
  'started_at',
  'finished_at',
  'latest_geometry_event',
]);

/** `GET /projects/models | … excluded_fields`: the model card (spec 2 §2) shows neither. */
export const MODEL_EXCLUDED_FIELDS = prefixed('models', ['project_id', 'deleted_at']);

/** `GET /materials | filter[category], … excluded_fields`: the viewer's texture is the overview's. */
export const MATERIAL_EXCLUDED_FIELDS = prefixed('materials', [
  'description',
  'viewer_texture_url',
  'deleted_at',
]);

/** `GET /materials/categories | filter[parent_id], excluded_fields`: the ancestors are the single answer's. */
export const CATEGORY_EXCLUDED_FIELDS = prefixed('categories', ['meta_data', 'deleted_at']);

/** `GET /users | … excluded_fields` and `GET /admin/users | … excluded_fields`: a member's abilities and projects. */
export const USER_EXCLUDED_FIELDS = prefixed('users', ['abilities', 'project_count']);

/** `GET /roles | plus excluded_fields`: the list shows a role's title, description and user count. */
export const ROLE_EXCLUDED_FIELDS = prefixed('roles', ['abilities', 'notification_settings']);
