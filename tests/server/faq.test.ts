/**
 * The FAQ (server/api/faq.ts): every signed-in user reads the categories and their questions; administrators
 * create, rename and delete categories and add, edit and delete questions; everyone else gets 403.
 */
import type { FaqCategory, FaqCategoryDetail, FaqQuestion } from '../../shared/entities/faq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, jsonBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: string;
let alice: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, carol] = await Promise.all(
    ['admin', 'alice', 'carol'].map((name) => tokenFor(server, name)),
  );
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: admin, ...init });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

describe('FAQ reads', () => {
  it('lists the seeded categories for every signed-in user, newest change first, 5 per page', async () => {
    const list = await json<{ data: FaqCategory[]; meta: { total: number } }>(
      await call('/questions/categories?per_page=5', { token: alice }),
    );
    expect(list.meta.total).toBeGreaterThanOrEqual(3);
    expect(list.data.map((category) => category.name)).toEqual(
      expect.arrayContaining(['Getting started', 'Models and libraries', 'Account and security']),
    );
    const times = list.data.map((category) => category.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    const searched = await json<{ data: FaqCategory[] }>(
      await call('/questions/categories?filter[search]=ACCOUNT', { token: carol }, 'globex'),
    );
    expect(searched.data.map((category) => category.name)).toEqual(['Account and security']);
    expect(searched.data[0].questions_count).toBe(2);
  });

  it('answers one category with its questions, and 404 for one that does not exist', async () => {
    const list = await json<{ data: FaqCategory[] }>(
      await call('/questions/categories?filter[search]=Getting', { token: alice }),
    );
    const detail = await json<{ data: FaqCategoryDetail }>(
      await call(`/questions/categories/${list.data[0].id}`, { token: alice }),
    );
    expect(detail.data.questions.length).toBe(3);
    expect(detail.data.questions[0]).toMatchObject({ question: 'How do I sign in?' });
    expect((await call('/questions/categories/999999', { token: alice })).status).toBe(404);
  });

  it('refuses readers without a token', async () => {
    expect((await call('/questions/categories', { token: '' })).status).toBe(401);
  });
});

describe('FAQ writes (admin)', () => {
  it('creates, renames and deletes a category with its questions', async () => {
    const created = await json<{ data: FaqCategoryDetail }>(
      await call('/admin/questions/categories', { method: 'POST', ...jsonBody({ name: 'Billing' }) }),
      201,
    );
    expect(created.data).toMatchObject({ name: 'Billing', questions: [], questions_count: 0 });
    const id = created.data.id;
    const question = await json<{ data: FaqQuestion }>(
      await call('/admin/questions', {
        method: 'POST',
        ...jsonBody({ category_id: id, question: 'How do I pay?', answer: 'By invoice.' }),
      }),
      201,
    );
    const edited = await json<{ data: FaqQuestion }>(
      await call(`/admin/questions/${question.data.id}`, {
        method: 'POST',
        ...formBody({ _method: 'PATCH', answer: 'By invoice, within 30 days.' }),
      }),
    );
    expect(edited.data).toMatchObject({ question: 'How do I pay?', answer: 'By invoice, within 30 days.' });
    const renamed = await json<{ data: FaqCategoryDetail }>(
      await call(`/admin/questions/categories/${id}`, { method: 'PATCH', ...jsonBody({ name: 'Invoices' }) }),
    );
    expect(renamed.data).toMatchObject({ name: 'Invoices', questions_count: 1 });
    expect(renamed.data.questions.map((item) => item.answer)).toEqual(['By invoice, within 30 days.']);

    const second = await json<{ data: FaqQuestion }>(
      await call('/admin/questions', {
        method: 'POST',
        ...jsonBody({ category_id: id, question: 'Can I get a refund?', answer: 'Ask support.' }),
      }),
      201,
    );
    expect(await json(await call(`/admin/questions/${second.data.id}`, { method: 'DELETE' }))).toEqual({
      question_name: 'Can I get a refund?',
      status: 'successfully deleted',
    });

    expect(await json(await call(`/admin/questions/categories/${id}`, { method: 'DELETE' }))).toEqual({
      category_name: 'Invoices',
      status: 'successfully deleted',
    });
    expect((await call(`/questions/categories/${id}`)).status).toBe(404);
    const orphans = await server.db
      .selectFrom('faq_questions')
      .select('id')
      .where('category_id', '=', id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('answers 422 under each field', async () => {
    const empty = await json<{ errors: Record<string, string[]> }>(
      await call('/admin/questions/categories', { method: 'POST', ...jsonBody({ name: '' }) }),
      422,
    );
    expect(empty.errors).toEqual({ name: ['The name field is required.'] });
    const long = await json<{ errors: Record<string, string[]> }>(
      await call('/admin/questions/categories', { method: 'POST', ...jsonBody({ name: 'x'.repeat(256) }) }),
      422,
    );
    expect(long.errors.name).toEqual(['The name field must not be greater than 255 characters.']);
    const question = await json<{ errors: Record<string, string[]> }>(
      await call('/admin/questions', { method: 'POST', ...jsonBody({ category_id: 1, question: '' }) }),
      422,
    );
    expect(Object.keys(question.errors).sort()).toEqual(['answer', 'question']);
  });

  it('refuses non-admins (403) on every write', async () => {
    for (const token of [alice, carol]) {
      const subdomain = token === carol ? 'globex' : 'acme';
      const writes: Array<[string, RequestInit]> = [
        ['/admin/questions/categories', { method: 'POST', ...jsonBody({ name: 'Nope' }) }],
        ['/admin/questions/categories/1', { method: 'PATCH', ...jsonBody({ name: 'Nope' }) }],
        ['/admin/questions/categories/1', { method: 'DELETE' }],
        ['/admin/questions', { method: 'POST', ...jsonBody({ category_id: 1, question: 'q', answer: 'a' }) }],
        ['/admin/questions/1', { method: 'PATCH', ...jsonBody({ answer: 'a' }) }],
        ['/admin/questions/1', { method: 'DELETE' }],
      ];
      for (const [path, init] of writes) {
        expect((await call(path, { ...init, token }, subdomain)).status, path).toBe(403);
      }
    }
    const names = await server.db.selectFrom('faq_categories').select('name').execute();
    expect(names.map((row) => row.name)).not.toContain('Nope');
  });
});
