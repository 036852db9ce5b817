/** The property maps list's request settings (spec 2 Tools): the declaration and a first visit's request read them here. */
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'property-maps',
  route: 'tools/property-maps',
  list: { sortKey: 'tools_property_maps', defaultSort: '-name', pageSize: 5 },
} satisfies ListSettings;
