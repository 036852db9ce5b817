/**
 * The company profile (spec 2 §Company profile): one record, the user's company, at /user/company for
 * view-company or edit-company (read-only without edit-company). A declaration with its own page fits: the
 * sections, the live colour preview of the theme and the licence overview are beyond the generic form.
 */
import { defineResource } from '@/declarations/types';
import { COMPANY_PROFILE_ABILITIES } from './company-profile-abilities';

const COMPANY = { ability: COMPANY_PROFILE_ABILITIES.show };

export default defineResource({
  name: 'companies/my-company',
  ns: 'account',
  screen: 'company',
  idParam: 'id',
  guard: COMPANY,
  permission: COMPANY,
  actions: { edit: { ability: COMPANY_PROFILE_ABILITIES.update } },
  routes: {
    extra: [{ path: 'user/company', screen: 'company', page: () => import('./CompanyProfilePage') }],
  },
});
