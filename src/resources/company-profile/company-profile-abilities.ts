/**
 * Who sees the company profile (either ability; read-only without edit-company) and who changes it (the server's
 * `PATCH companies/my-company` asks edit-company; its read serves every signed-in user's theme). Below the
 * declaration and its page, which both use them.
 */
import { anyOf } from '@shared/abilities';

export const COMPANY_PROFILE_ABILITIES = {
  show: anyOf('view-company', 'edit-company'),
  update: 'edit-company',
} as const;
