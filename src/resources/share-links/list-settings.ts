/** The share links list's request settings (issue 46, Tools): the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'share-links',
  route: 'tools/share-links',
  list: { sortKey: 'tools_share_links', defaultSort: '-created_at', pageSize: 10 },
} satisfies ListSettings;
