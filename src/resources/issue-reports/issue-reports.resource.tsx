/** Issue report submission (spec 1 §2.7 /issue_report, spec 2 §3): every signed-in user reports a problem with
 * its severity, the products it concerns, a description, an external link and a screenshot (jpeg, png, bmp).
 * Server: server/api/issue-reports.ts; rules: shared/entities/issue-reports.ts. */
import { defineResource } from '@/declarations/types';
import { productOptions, selectedProducts, severityOptions } from './issue-report-values';

export default defineResource({
  name: 'issue-reports',
  ns: 'reports',
  screen: 'issueReport',
  idParam: 'issueId',
  routes: { extra: [{ path: 'issue_report', screen: 'issueReport', action: 'create' }] },
  form: {
    schema: () => import('@shared/entities/issue-reports').then((entity) => entity.IssueReportInputSchema),
    successKey: 'issue.sent',
    fields: [
      { name: 'severity', labelKey: 'issue.severity', kind: 'select', options: severityOptions },
      {
        name: 'products',
        labelKey: 'issue.products',
        kind: 'checkboxes',
        options: productOptions,
        // The API takes `products[hatch]=1` for each selected product.
        toPayload: (value) =>
          Object.fromEntries((Array.isArray(value) ? value : []).map((product) => [String(product), '1'])),
        fromRecord: (record) => selectedProducts(record.products as Record<string, string> | undefined),
      },
      { name: 'description', labelKey: 'issue.description', kind: 'textarea' },
      { name: 'external_link', labelKey: 'issue.externalLink', kind: 'text' },
      {
        name: 'screenshot',
        labelKey: 'issue.screenshot',
        kind: 'image',
        image: 'screenshot',
      },
    ],
  },
});
