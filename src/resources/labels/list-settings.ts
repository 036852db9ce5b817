/** The labels list's request settings (spec 2 Tools): the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'labels',
  route: 'tools/labels',
  list: { sortKey: 'tools_labels', defaultSort: '-created_at', pageSize: 5 },
} satisfies ListSettings;
