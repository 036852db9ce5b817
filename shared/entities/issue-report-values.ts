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
