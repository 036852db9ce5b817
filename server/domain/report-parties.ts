/**
 * What issue and feedback reports share: who sent them. A report keeps its company and its user (null once the
 * account is gone); administrators see both by name and search on them.
 */
import type { ReportCompany, ReportUser } from '../../shared/entities/report-parties';

/** The columns a report query selects from its joined company and user. */
export const PARTY_COLUMNS = [
  'companies.name as company_name',
  'users.name as user_name',
  'users.email as user_email',
] as const;

/** What `filter[search]` matches besides the report's own text. */
export const PARTY_SEARCH = ['companies.name', 'users.name', 'users.email'] as const;

export interface PartyRow {
  company_id: number;
  user_id: number | null;
  company_name: string | null;
  user_name: string | null;
  user_email: string | null;
}

export function presentParties(row: PartyRow): { company: ReportCompany; user: ReportUser } {
  return {
    company: row.company_name === null ? null : { id: row.company_id, name: row.company_name },
    user:
      row.user_id === null || row.user_name === null
        ? null
        : { id: row.user_id, name: row.user_name, email: row.user_email ?? '' },
  };
}
