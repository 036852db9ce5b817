/**
 * My account (spec 2 §My account): one record, the signed-in user's own, at /user/profile. A declaration with its
 * own page fits (not the generic form): the screen is three tabs around one form plus the activity list, the
 * Autodesk round trip and the footer's account actions, none of which the generic pages have.
 */
import { defineResource } from '@/declarations/types';

export default defineResource({
  name: 'my-account',
  ns: 'account',
  screen: 'account',
  idParam: 'id',
  routes: {
    extra: [{ path: 'user/profile', screen: 'account', page: () => import('./MyAccountPage') }],
  },
});
