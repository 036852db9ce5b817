/**
 * The dashboard's code, where sign-in lands: loaded through this one function by its route (undeclared-screens.tsx)
 * and by the route-table patch that asks for it early (shared-chunks.ts), so both share the request.
 */
export const loadDashboardPage = () =>
  import('@/shell/dashboard/DashboardPage').then((module) => module.DashboardPage);
