/**
 * The chunks every signed-in screen needs, the dashboard where sign-in lands, the generic list page most other
 * first visits open and the generic overview page (a first visit of a model's overview), loaded through one
 * function each so the route that renders them and the route-table patch that asks for them early share the
 * request.
 */
export { loadDashboardPage } from './dashboard-chunk';
export const loadRefineRoot = () => import('@/shell/RefineRoot');
export const loadShellLayout = () => import('@/shell/layout/ShellLayout');
export const loadListPage = () => import('@/pages/list/ResourceListPage');
export const loadOverviewPage = () => import('@/pages/show/OverviewPage');
