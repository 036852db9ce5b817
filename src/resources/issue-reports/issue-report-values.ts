/** The options of an issue report's fields (spec 2 §3), as filters and form options in the `reports` texts. */
import { ISSUE_PRODUCTS, ISSUE_SEVERITIES, ISSUE_STATUSES } from '@shared/entities/issue-report-values';
import type { FilterOption } from '@/declarations/types';

export const severityOptions: FilterOption[] = ISSUE_SEVERITIES.map((severity) => ({
  value: severity,
  labelKey: `severities.${severity}`,
}));

export const statusOptions: FilterOption[] = ISSUE_STATUSES.map((status) => ({
  value: status,
  labelKey: `statuses.${status}`,
}));

export const productOptions: FilterOption[] = ISSUE_PRODUCTS.map((product) => ({
  value: product,
  labelKey: `products.${product}`,
}));

/** The selected products of a report (`{hatch: '1'}`), in the spec's order. */
export const selectedProducts = (products: Partial<Record<string, string>> | undefined) =>
  ISSUE_PRODUCTS.filter((product) => products?.[product] === '1');
