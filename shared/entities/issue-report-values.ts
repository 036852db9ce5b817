import { ADMIN_ONLY, type EntityAbilities } from '../entity-abilities';

/** Issue reports' severities, products and statuses without TypeBox, for the portal's registry every screen loads. */
export const ISSUE_SEVERITIES = ['lowest', 'low', 'medium', 'high', 'highest'] as const;
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number];

/** Product keys (spec 2 §3): hatch is Design & Sales, customerportal Converter and Optimizer. */
export const ISSUE_PRODUCTS = [
  'hatch',
  'realization',
  'maintenance',
  'customerportal',
  'exporter',
  'mobile',
  'holohelmet',
] as const;
export type IssueProduct = (typeof ISSUE_PRODUCTS)[number];

export const ISSUE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). The administrators'
 * `/admin/issue-reports`: read, their status updated and deleted (a user sends one through its own route).
 */
export const ISSUE_REPORT_ABILITIES = {
  list: ADMIN_ONLY,
  show: ADMIN_ONLY,
  update: ADMIN_ONLY,
  delete: ADMIN_ONLY,
} as const satisfies EntityAbilities;
