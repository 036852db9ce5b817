/**
 * The invitation page shows the server's per-field answer (422) under the field it names: a new account's too short
 * password stays on the page with the server's message, and the corrected one is accepted (the journey in the
 * browser: tests/e2e/journeys-invitation.spec.ts; the server's rules: tests/server/security-invitations.test.ts).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { InvitationPage } from '@/shell/login/InvitationPage';
import { RefineHarness, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

it("shows a new account's refused password under its field, and accepts the corrected one", async () => {
  const sent: unknown[] = [];
  stubApi()
    .on('GET', '/invitations/:token', {
      body: {
        data: {
          email: 'jo@example.test',
          // The page offers these as the new account's name and username.
          name: 'Jo Joiner',
          username: 'jojoiner',
          new_account: true,
          company: { name: 'Acme Visuals', sub_domain: 'acme' },
          role: 'Viewer',
          invited_by: 'Alice Anders',
          invited_by_email: 'alice@acme.test',
          licenses: ['design_and_sales'],
        },
      },
    })
    .on('POST', '/invitations/:token/accept', (request) => {
      const body = request.body as { password?: string };
      sent.push(body);
      return body.password === 'short'
        ? {
            status: 422,
            body: {
              message: 'The password field must be at least 8 characters.',
              errors: { password: ['The password field must be at least 8 characters.'] },
            },
          }
        : {
            body: {
              message: 'Invitation accepted',
              data: { company: { name: 'Acme Visuals', sub_domain: 'acme' } },
            },
          };
    });
  const user = userEvent.setup();
  render(
    <RefineHarness path="/invitation?token=abc" i18n={portalI18n('en')}>
      <InvitationPage />
    </RefineHarness>,
  );

  await screen.findByText(/Alice Anders invited you to join Acme Visuals\. Your role: Viewer\./);
  expect(screen.getByLabelText('Username')).toHaveValue('jojoiner');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'short');
  await user.type(screen.getByLabelText('Confirm password'), 'short');
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
  const message = await screen.findByText('The password field must be at least 8 characters.');
  expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
    expect.stringContaining(message.textContent!) as string,
  );

  await user.clear(screen.getByLabelText('Password', { exact: true }));
  await user.type(screen.getByLabelText('Password', { exact: true }), 'joiner secret');
  await user.clear(screen.getByLabelText('Confirm password'));
  await user.type(screen.getByLabelText('Confirm password'), 'joiner secret');
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
  await screen.findByRole('heading', { name: 'Invitation accepted' });
  expect(sent).toHaveLength(2);
});
