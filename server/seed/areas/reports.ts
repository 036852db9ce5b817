/** Issue and feedback reports of the demo fixture: 5 issue reports of different severities, 5 ratings 1 to 5. */
import type { IssueProduct, IssueSeverity, IssueStatus } from '../../../shared/entities/issue-reports';
import type { DB } from '../../db/database';
import { daysAgo } from '../time';
import { defineSeedArea } from '../seed-area';

interface IssueSeed {
  by: string;
  company: string;
  severity: IssueSeverity;
  status: IssueStatus;
  products: IssueProduct[];
  description: string;
  externalLink: string | null;
  daysAgo: number;
}

const ISSUES: IssueSeed[] = [
  {
    by: 'alice',
    company: 'acme',
    severity: 'highest',
    status: 'open',
    products: ['hatch', 'customerportal'],
    description: 'Uploading a model larger than 2 GB stops at 99% and never finishes.',
    externalLink: 'https://support.portal.test/tickets/1041',
    daysAgo: 1,
  },
  {
    by: 'bob',
    company: 'acme',
    severity: 'high',
    status: 'in_progress',
    products: ['customerportal'],
    description: 'The project list shows no preview images on a slow connection.',
    externalLink: null,
    daysAgo: 3,
  },
  {
    by: 'carol',
    company: 'globex',
    severity: 'medium',
    status: 'open',
    products: ['realization', 'mobile'],
    description: 'The mobile app asks to sign in again after every restart.',
    externalLink: null,
    daysAgo: 6,
  },
  {
    by: 'dave',
    company: 'initech',
    severity: 'low',
    status: 'resolved',
    products: ['exporter'],
    description: 'Exported materials lose their roughness map.',
    externalLink: 'https://support.portal.test/tickets/987',
    daysAgo: 12,
  },
  {
    by: 'alice',
    company: 'acme',
    severity: 'lowest',
    status: 'closed',
    products: ['holohelmet', 'maintenance'],
    description: 'A typo on the HoloHelmet pairing screen: "conection".',
    externalLink: null,
    daysAgo: 20,
  },
];

const FEEDBACK: Array<{
  by: string;
  company: string;
  rating: number;
  comment: string | null;
  daysAgo: number;
}> = [
  {
    by: 'alice',
    company: 'acme',
    rating: 5,
    comment: 'The new global search saves me a lot of time.',
    daysAgo: 2,
  },
  {
    by: 'bob',
    company: 'acme',
    rating: 4,
    comment: 'Clear and fast. A dark theme would be nice.',
    daysAgo: 4,
  },
  { by: 'carol', company: 'globex', rating: 3, comment: null, daysAgo: 7 },
  {
    by: 'dave',
    company: 'initech',
    rating: 2,
    comment: 'Processing large models takes too long.',
    daysAgo: 10,
  },
  { by: 'bob', company: 'acme', rating: 1, comment: 'I could not find how to share a project.', daysAgo: 15 },
];

export async function seedReports(db: DB): Promise<void> {
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [
      user.username,
      user.id,
    ]),
  );
  const companies = new Map(
    (await db.selectFrom('companies').select(['id', 'sub_domain']).execute()).map((company) => [
      company.sub_domain,
      company.id,
    ]),
  );
  const idOf = (map: Map<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`seed reports: no ${key}`);
    return id;
  };
  const now = Date.now();
  await db
    .insertInto('issue_reports')
    .values(
      ISSUES.map((issue) => ({
        company_id: idOf(companies, issue.company),
        user_id: idOf(users, issue.by),
        severity: issue.severity,
        status: issue.status,
        products: issue.products,
        description: issue.description,
        external_link: issue.externalLink,
        created_at: daysAgo(issue.daysAgo, now),
        updated_at: daysAgo(issue.daysAgo, now),
      })),
    )
    .execute();
  await db
    .insertInto('feedback_reports')
    .values(
      FEEDBACK.map((feedback) => ({
        company_id: idOf(companies, feedback.company),
        user_id: idOf(users, feedback.by),
        rating: feedback.rating,
        comment: feedback.comment,
        created_at: daysAgo(feedback.daysAgo, now),
        updated_at: daysAgo(feedback.daysAgo, now),
      })),
    )
    .execute();
}

export default defineSeedArea({ order: 120, run: seedReports });
