/**
 * The one list of screens that are not declared resources: spec 1 §2.7's routes with their guards (§2.7, §2.8, §6)
 * and their side-navigation entries (§2.3). The route table, the navigation and refine's resources are derived from
 * the resource declarations plus this list. Each entry is named by the API collection a declaration would have:
 * declaring a resource of that name replaces the entry's routes and menu entry, with nothing else to touch.
 */
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import { Glyph } from '@/ui/Glyph';
import type { ReactNode } from 'react';
import { anyOf } from '@shared/abilities';
import type { Permission } from '@/lib/permissions';
import { TOOLS_GUARD } from '@/lib/route-guards';
import type { ResourceDeclaration } from '@/declarations/types';
import { withAntdTheme } from './routes/antd-pages';
import { loadDashboardPage } from './routes/dashboard-chunk';
import type { RouteEntry } from './routes/route-entry';

/** A side-navigation entry: top level, or inside one of the groups of `navigation.tsx`. */
export interface ScreenNavigation {
  labelKey: string;
  icon: ReactNode;
  route: string;
  permission?: Permission;
  group?: 'security' | 'tools' | 'admin';
  order: number;
}

export interface UndeclaredScreen {
  /** The API collection (and refine resource name) its declaration will have. */
  name: string;
  routes: RouteEntry[];
  navigation?: ScreenNavigation;
}

const HATCH = { platform: 'hatch' } as const;

export const UNDECLARED_SCREENS: UndeclaredScreen[] = [
  {
    name: 'dashboard',
    routes: [
      {
        path: '',
        screen: 'dashboard',
        // Built from the light components, like the layout: no antd theme (the byte budget of /).
        page: loadDashboardPage,
      },
    ],
    navigation: {
      labelKey: 'nav.dashboard',
      icon: <Glyph icon={DashboardOutlined} />,
      route: '/',
      order: 10,
    },
  },
  {
    name: 'global-search',
    routes: [
      {
        path: 'global-search',
        screen: 'globalSearch',
        page: withAntdTheme(() =>
          import('@/shell/search/GlobalSearchPage').then((module) => module.GlobalSearchPage),
        ),
      },
    ],
  },
  {
    // No entity's list: its tabs are the lists of models, library items and materials (src/pages/processor/).
    name: 'processor',
    routes: [
      {
        path: 'processor',
        screen: 'processor',
        guard: HATCH,
        page: withAntdTheme(() => import('@/pages/processor/ProcessorPage').then((module) => module.default)),
      },
    ],
    navigation: {
      labelKey: 'nav.processor',
      icon: <Glyph icon={ExperimentOutlined} />,
      route: '/processor',
      permission: {
        platform: 'hatch',
        ability: anyOf(
          'update-project-models',
          'create-project-models',
          'update-libraries',
          'update-options',
        ),
      },
      order: 50,
    },
  },
  {
    // No entity's list: its tabs come from the declarations' `recyclingBin` (src/pages/recycling-bin/).
    name: 'trash',
    routes: [
      {
        path: 'tools/trash',
        screen: 'trash',
        guard: TOOLS_GUARD,
        page: withAntdTheme(() =>
          import('@/pages/recycling-bin/RecyclingBinPage').then((module) => module.default),
        ),
      },
    ],
    navigation: {
      labelKey: 'nav.trash',
      icon: <Glyph icon={DeleteOutlined} />,
      route: '/tools/trash',
      permission: { ability: 'access-recycling-bin' },
      group: 'tools',
      order: 40,
    },
  },
];

/** The screens no declaration has replaced yet. */
export const pendingScreens = (
  resources: readonly Pick<ResourceDeclaration, 'name'>[],
  screens: readonly UndeclaredScreen[] = UNDECLARED_SCREENS,
): UndeclaredScreen[] => {
  const declared = new Set(resources.map((resource) => resource.name));
  return screens.filter((screen) => !declared.has(screen.name));
};
