/**
 * The company profile (spec 2 §Company profile): one record, the user's company, at /user/company for
 * view-company or edit-company (read-only without edit-company). A declaration with its own page fits: the
 * sections, the live colour preview of the theme and the licence overview are beyond the generic form.
 */
import { defineResource } from '@/declarations/types';

const COMPANY = { ability: 'view-company|edit-company' };

export default defineResource({
  name: 'companies/my-company',
  ns: 'account',
  screen: 'company',
  idParam: 'id',
  guard: COMPANY,
  permission: COMPANY,
  actions: { edit: { ability: 'edit-company' } },
  routes: {
    extra: [{ path: 'user/company', screen: 'company', page: () => import('./CompanyProfilePage') }],
  },
});
