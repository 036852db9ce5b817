/** Issue reports (spec 2 §3, §Admin): a user reports a problem; administrators follow it up through its status. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, FileInput, Nullable, StringEnum } from '../schema-types';
import { ISSUE_PRODUCTS, ISSUE_SEVERITIES, ISSUE_STATUSES, type IssueProduct } from './issue-report-values';
import { ReportCompanySchema, ReportUserSchema } from './report-parties';

export {
  ISSUE_PRODUCTS,
  ISSUE_SEVERITIES,
  ISSUE_STATUSES,
  type IssueProduct,
  type IssueSeverity,
  type IssueStatus,
} from './issue-report-values';

/** `products[hatch]=1`: the selected products, each as '1' (a 0 or an absent key means not selected). */
export const IssueProductsSchema = Type.Partial(
  Type.Object(
    Object.fromEntries(ISSUE_PRODUCTS.map((product) => [product, Type.Literal('1')])) as Record<
      IssueProduct,
      ReturnType<typeof Type.Literal<'1'>>
    >,
  ),
);

/** What a submission writes (multipart; the screenshot is a jpeg, png or bmp). */
export const IssueReportInputSchema = Type.Object({
  severity: StringEnum(ISSUE_SEVERITIES),
  products: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()]))),
  description: Type.String({ minLength: 1, maxLength: 5000 }),
  external_link: Type.Optional(
    Nullable(Type.String({ maxLength: 2048, pattern: '^https?://[^\\s]+$', description: 'An http(s) URL' })),
  ),
  screenshot: Type.Optional(FileInput),
});

/** What an administrator changes: the status. */
export const IssueReportStatusSchema = Type.Object({ status: StringEnum(ISSUE_STATUSES) });

export const IssueReportSchema = Type.Object({
  id: Type.Integer(),
  status: StringEnum(ISSUE_STATUSES),
  severity: StringEnum(ISSUE_SEVERITIES),
  products: IssueProductsSchema,
  description: Type.String(),
  external_link: Nullable(Type.String()),
  screenshot_url: Nullable(Type.String()),
  company: ReportCompanySchema,
  user: ReportUserSchema,
  created_at: DateTime,
  updated_at: DateTime,
});

export type IssueReport = Static<typeof IssueReportSchema>;
