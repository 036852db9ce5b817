/** The projects list's request settings (spec 2 §Projects, §9): the declaration and a first visit's request read them here. */
import type { Project } from '@shared/entities/projects';
import { fieldSelection } from '@/declarations/field-selection';
import type { FilterOption, ListSettings } from '@/declarations/types';

/**
 * `GET /projects | … included_fields[]`: spec 2 §3's project fields, the list's columns, and the cover its image
 * column shows (issue 42: its own preview, else its newest model's render).
 */
export const PROJECT_LIST_FIELDS = fieldSelection<Project>('projects', [
  'id',
  'status',
  'preview_image',
  'cover_image',
  'name',
  'description',
  'labels',
  'created_at',
  'updated_at',
  'users',
  'is_favorited',
]);

/** The labels filter offers the labels the list response names in `meta_data.filters.labels`. */
const labelOptions = ({ meta_data }: { meta_data?: unknown }): FilterOption[] => {
  const labels =
    (meta_data as { filters?: { labels?: Project['labels'] } } | undefined)?.filters?.labels ?? [];
  return labels.map((label) => ({ value: String(label.id), label: label.name, color: label.color }));
};

export default {
  name: 'projects',
  route: 'projects',
  list: {
    sortKey: 'projects',
    defaultSort: '-created_at',
    // Designs and Sales lists the user's favourites first, whatever the chosen sort (spec 2 §9).
    sortPrefix: ({ platform }) => (platform === 'customerportal' ? 'favorite' : undefined),
    pageSize: 5,
    meta: { included_fields: PROJECT_LIST_FIELDS },
    filters: [
      {
        key: 'status',
        labelKey: 'filters.status',
        options: [
          { value: 'active', labelKey: 'values.active' },
          { value: 'inactive', labelKey: 'values.inactive' },
        ],
      },
      { key: 'label', labelKey: 'filters.label', multiple: true, options: labelOptions },
    ],
  },
} satisfies ListSettings;
