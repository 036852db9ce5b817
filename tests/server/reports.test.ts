/**
 * Issue and feedback reports (server/api/issue-reports.ts, feedback-reports.ts): every signed-in user sends
 * them for their own company; administrators list them across companies (search, filters, sorts), read one,
 * change an issue's status and delete them (an issue's screenshot with it); everyone else gets 403.
 */
import type { FeedbackReport } from '../../shared/entities/feedback-reports';
import type { IssueReport } from '../../shared/entities/issue-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, multipartBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);

let server: TestServer;
let admin: string;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, bob, carol] = await Promise.all(
    ['admin', 'alice', 'bob', 'carol'].map((name) => tokenFor(server, name)),
  );
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: admin, ...init });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

type Page<T> = { data: T[]; meta: { total: number; per_page: number } };

describe('issue reports', () => {
  it('bob sends one with products and a screenshot; the admin finds it with its company and user', async () => {
    const sent = await json<{ data: IssueReport }>(
      await call('/issue-reports', {
        method: 'POST',
        token: bob,
        ...multipartBody(
          {
            severity: 'high',
            'products[hatch]': '1',
            'products[mobile]': '1',
            'products[exporter]': '0',
            description: 'Bob cannot open the viewer.',
            external_link: 'https://tickets.test/77',
          },
          { screenshot: [new Blob([PNG], { type: 'image/png' }), 'viewer.png'] },
        ),
      }),
      201,
    );
    expect(sent.data).toMatchObject({
      status: 'open',
      severity: 'high',
      products: { hatch: '1', mobile: '1' },
      company: { name: 'Acme Visuals' },
      user: { name: expect.any(String), email: 'bob@acme.test' },
      external_link: 'https://tickets.test/77',
    });
    expect(sent.data.screenshot_url).toMatch(/\/api\/v2\/files\/issue-reports\/[\w-]+\.png$/);

    const found = await json<Page<IssueReport>>(
      await call('/admin/issue-reports?per_page=5&filter[search]=viewer&filter[severity]=high'),
    );
    expect(found.data.map((report) => report.id)).toEqual([sent.data.id]);
    expect(await json(await call(`/admin/issue-reports/${sent.data.id}`))).toEqual({ data: sent.data });

    // Deleting it takes its screenshot from the store too.
    const key = sent.data.screenshot_url!.replace(/^.*\/api\/v2\/files\//, '');
    const stored = async () => {
      const file = await server.app.ctx.storage.read(key);
      file?.stream.destroy();
      return file !== null;
    };
    expect(await stored()).toBe(true);
    expect(await json(await call(`/admin/issue-reports/${sent.data.id}`, { method: 'DELETE' }))).toEqual({
      issue_report_name: `#${sent.data.id}`,
      status: 'successfully deleted',
    });
    expect(await stored()).toBe(false);
  });

  it('lists the seeded reports of every company, 5 per page, sorted by severity from lowest', async () => {
    const page = await json<Page<IssueReport>>(await call('/admin/issue-reports?per_page=5&sort=severity'));
    expect(page.meta.total).toBeGreaterThanOrEqual(5);
    expect(page.data[0].severity).toBe('lowest');
    const companies = await json<Page<IssueReport>>(await call('/admin/issue-reports?per_page=100'));
    expect(new Set(companies.data.map((report) => report.company?.name))).toEqual(
      new Set(['Acme Visuals', 'Globex Design', 'Initech']),
    );
  });

  it('changes the status, then deletes', async () => {
    const { data } = await json<{ data: IssueReport }>(
      await call(
        '/issue-reports',
        {
          method: 'POST',
          token: carol,
          ...jsonBody({ severity: 'lowest', description: 'To be resolved.' }),
        },
        'globex',
      ),
      201,
    );
    expect(data.company?.name).toBe('Globex Design');
    const changed = await json<{ data: IssueReport }>(
      await call(`/admin/issue-reports/${data.id}`, { method: 'PATCH', ...jsonBody({ status: 'resolved' }) }),
    );
    expect(changed.data.status).toBe('resolved');
    const invalid = await json<{ errors: Record<string, string[]> }>(
      await call(`/admin/issue-reports/${data.id}`, { method: 'PATCH', ...jsonBody({ status: 'gone' }) }),
      422,
    );
    expect(invalid.errors).toEqual({ status: ['The selected status is invalid.'] });
    expect(await json(await call(`/admin/issue-reports/${data.id}`, { method: 'DELETE' }))).toEqual({
      issue_report_name: `#${data.id}`,
      status: 'successfully deleted',
    });
    expect((await call(`/admin/issue-reports/${data.id}`)).status).toBe(404);
  });

  it('answers 422 under each field of a submission', async () => {
    const missing = await json<{ errors: Record<string, string[]> }>(
      await call('/issue-reports', { method: 'POST', token: alice, ...jsonBody({}) }),
      422,
    );
    expect(Object.keys(missing.errors).sort()).toEqual(['description', 'severity']);
    const wrong = await json<{ errors: Record<string, string[]> }>(
      await call('/issue-reports', {
        method: 'POST',
        token: alice,
        ...jsonBody({ severity: 'urgent', description: 'x', external_link: 'not a link' }),
      }),
      422,
    );
    expect(wrong.errors).toMatchObject({
      severity: ['The selected severity is invalid.'],
      external_link: ['The external link field format is invalid.'],
    });
    const product = await json<{ errors: Record<string, string[]> }>(
      await call('/issue-reports', {
        method: 'POST',
        token: alice,
        ...jsonBody({ severity: 'low', description: 'x', products: { printer: '1' } }),
      }),
      422,
    );
    expect(Object.keys(product.errors)).toEqual(['products.printer']);
    const gif = await json<{ errors: Record<string, string[]> }>(
      await call('/issue-reports', {
        method: 'POST',
        token: alice,
        ...multipartBody(
          { severity: 'low', description: 'x' },
          { screenshot: [new Blob([GIF], { type: 'image/gif' }), 'x.gif'] },
        ),
      }),
      422,
    );
    expect(gif.errors).toEqual({
      screenshot: ['The screenshot field must be a file of type: jpeg, png, bmp.'],
    });
  });

  it('refuses non-admins (403) on every admin call', async () => {
    for (const [path, method] of [
      ['/admin/issue-reports', 'GET'],
      ['/admin/issue-reports/1', 'GET'],
      ['/admin/issue-reports/1', 'PATCH'],
      ['/admin/issue-reports/1', 'DELETE'],
    ] as const) {
      const init = method === 'PATCH' ? { method, ...jsonBody({ status: 'closed' }) } : { method };
      expect((await call(path, { ...init, token: alice })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('feedback reports', () => {
  it('alice rates; the admin lists, filters by rating and deletes', async () => {
    const sent = await json<{ data: FeedbackReport }>(
      await call('/feedback-reports', {
        method: 'POST',
        token: alice,
        ...jsonBody({ rating: 4, comment: 'Alice likes the new filter.' }),
      }),
      201,
    );
    expect(sent.data).toMatchObject({
      rating: 4,
      company: { name: 'Acme Visuals' },
      user: { email: 'alice@acme.test' },
    });
    const fours = await json<Page<FeedbackReport>>(
      await call('/admin/feedback-reports?filter[rating]=4&per_page=5'),
    );
    expect(fours.data.every((report) => report.rating === 4)).toBe(true);
    expect(fours.data.map((report) => report.id)).toContain(sent.data.id);
    const searched = await json<Page<FeedbackReport>>(
      await call('/admin/feedback-reports?filter[search]=new filter'),
    );
    expect(searched.data.map((report) => report.id)).toEqual([sent.data.id]);
    expect(await json(await call(`/admin/feedback-reports/${sent.data.id}`))).toEqual({ data: sent.data });
    expect(await json(await call(`/admin/feedback-reports/${sent.data.id}`, { method: 'DELETE' }))).toEqual({
      feedback_report_name: `#${sent.data.id}`,
      status: 'successfully deleted',
    });
  });

  it('lists the seeded ratings 1 to 5 across companies', async () => {
    const page = await json<Page<FeedbackReport>>(
      await call('/admin/feedback-reports?per_page=100&sort=rating'),
    );
    expect(new Set(page.data.map((report) => report.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('answers 422 for a rating outside 1 to 5 and 403 to non-admins', async () => {
    for (const rating of [0, 6, null]) {
      const invalid = await json<{ errors: Record<string, string[]> }>(
        await call('/feedback-reports', { method: 'POST', token: bob, ...jsonBody({ rating }) }),
        422,
      );
      expect(Object.keys(invalid.errors)).toEqual(['rating']);
    }
    expect((await call('/admin/feedback-reports', { token: bob })).status).toBe(403);
    expect((await call('/admin/feedback-reports/1', { token: bob })).status).toBe(403);
    expect(
      (await call('/admin/feedback-reports/1', { method: 'DELETE', token: carol }, 'globex')).status,
    ).toBe(403);
  });
});
