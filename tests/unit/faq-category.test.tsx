/**
 * A FAQ category's questions (/faq/{id}, spec 2 §FAQ), a second screen of the category declared for the generic
 * overview page (src/resources/faq/faq.category.tsx): the trail from the FAQ, the way back, the questions as an
 * accordion; an administrator adds a question from the header's dialog, edits and deletes one under its answer,
 * each said in the page's banner and the category read again; a reader sees none of those controls.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import faqCategories from '@/resources/faq/faq.resource';
import categoryScreen from '@/resources/faq/faq.category';
import { declaredOverviewPage } from '@/pages/show/OverviewPage';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  LocationProbe,
  RefineHarness,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { statusesOfEachTest } from './support/shown-statuses';

// A banner shows for 3 s: each is seen whenever it showed, however long this machine took to look.
const statuses = statusesOfEachTest();

const admin = { ...aliceUser, name: 'Ada Admin', admin: true };
const signIn = {
  id: 5,
  category_id: 3,
  question: 'How do I sign in?',
  answer: 'With your username or email address.',
};
const category = { id: 3, name: 'Getting started', questions: [signIn], questions_count: 1 };

function renderCategory(user = admin) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  let questions = [signIn];
  const api = stubApi()
    .on('GET', '/questions/categories/:id', () => ({ body: { data: { ...category, questions } } }))
    .on('POST', '/admin/questions', ({ body }) => {
      const added = { id: 6, ...(body as object) } as typeof signIn;
      questions = [...questions, added];
      return { status: 201, body: { data: added } };
    })
    .on('PATCH', '/admin/questions/:id', ({ body }) => {
      questions = questions.map((question) => ({ ...question, ...(body as object) }));
      return { body: { data: questions[0] } };
    })
    .on('PUT', '/admin/questions/:id', ({ body }) => {
      questions = questions.map((question) => ({ ...question, ...(body as object) }));
      return { body: { data: questions[0] } };
    })
    .on('DELETE', '/admin/questions/:id', () => {
      questions = [];
      return { body: { message: 'Question deleted' } };
    });
  const Page = declaredOverviewPage(categoryScreen);
  render(
    <RefineHarness path="/faq/3" live={stubLive()} user={user} i18n={portalI18n('en')}>
      <LocationProbe />
      <Routes>
        <Route path="/faq/:faqId" element={<Page resource={faqCategories} action="show" />} />
      </Routes>
    </RefineHarness>,
  );
  return api;
}

describe("a FAQ category's questions", () => {
  it('shows the trail and the questions, and leads back to the FAQ', async () => {
    renderCategory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');

    await userEvent.click(screen.getByRole('button', { name: /How do I sign in\?/ }));
    expect(await screen.findByText('With your username or email address.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Back to FAQ' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/faq$/));
  });

  it('lets an administrator add a question from the header, said in the banner', async () => {
    const api = renderCategory();
    await userEvent.click(await screen.findByRole('button', { name: 'New question' }));
    const adding = await screen.findByRole('dialog', { name: 'New question' });
    await userEvent.type(within(adding).getByLabelText('Question'), 'Can I change my password?');
    await userEvent.type(within(adding).getByLabelText('Answer'), 'Yes, on My account.');
    await userEvent.click(within(adding).getByRole('button', { name: 'Save' }));
    await statuses.shown('Question added successfully');
    expect(api.calls('/admin/questions', 'POST')[0].body).toEqual({
      question: 'Can I change my password?',
      answer: 'Yes, on My account.',
      category_id: 3,
    });
    expect(await screen.findByRole('button', { name: /Can I change my password\?/ })).toBeVisible();
  });

  it('lets an administrator edit a question, said in the banner', async () => {
    renderCategory();
    await userEvent.click(await screen.findByRole('button', { name: /How do I sign in\?/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit question: How do I sign in?' }));
    const editing = await screen.findByRole('dialog', { name: 'Edit question' });
    const answer = within(editing).getByLabelText('Answer');
    await userEvent.clear(answer);
    await userEvent.type(answer, 'With your email address.');
    await userEvent.click(within(editing).getByRole('button', { name: 'Save' }));
    await statuses.shown('Question updated successfully');
  });

  it('lets an administrator delete a question after its confirmation, said in the banner', async () => {
    const api = renderCategory();
    await userEvent.click(await screen.findByRole('button', { name: /How do I sign in\?/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete question: How do I sign in?' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(confirmation).toHaveTextContent('Are you sure you want to delete this question?');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    await statuses.shown('Question deleted successfully');
    expect(api.calls('/admin/questions/5', 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('This category has no questions yet.')).toBeVisible();
  });

  it('shows a reader no admin controls', async () => {
    renderCategory({ ...aliceUser, admin: false });
    await userEvent.click(await screen.findByRole('button', { name: /How do I sign in\?/ }));
    expect(await screen.findByText('With your username or email address.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New question' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit question/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete question/ })).toBeNull();
  });
});
