/**
 * Issue 33, 'why not' in the current language: refine's `useCan` keeps the access-control provider's answer for the
 * session, its reason text included; after a switch of language the reason a disabled control shows is in the new
 * language, not the one it was first asked in.
 */
import { act, render, screen } from '@testing-library/react';
import { Refine, useCan } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccessControlProvider, reasonsFollowLanguage } from '@/providers/access-control';
import { portalI18n } from './support/portal-app';

const viewer = { admin: false, abilities: ['view-projects'], licenses: ['design_and_sales'] };
const projects = {
  name: 'projects',
  meta: { access: { actions: { delete: { ability: 'delete-projects' } } } },
};

/** A Delete button as refine's access control shows it: disabled, saying why. */
function DeleteButton() {
  const { data } = useCan({ resource: 'projects', action: 'delete', params: { resource: projects } });
  return (
    <button type="button" disabled={!data?.can} title={data?.reason}>
      Delete
    </button>
  );
}

let stop = () => undefined as void;
afterEach(() => stop());

describe('a reason from the access-control provider', () => {
  it('follows a switch of language', async () => {
    const i18n = portalI18n('en');
    const queryClient = new QueryClient();
    stop = reasonsFollowLanguage(queryClient, i18n);
    const provider = createAccessControlProvider({
      subject: () => viewer,
      platform: 'customerportal',
      t: (key, options) => i18n.t(key, options ?? {}),
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Refine accessControlProvider={provider} options={{ reactQuery: { clientConfig: queryClient } }}>
          <DeleteButton />
        </Refine>
      </I18nextProvider>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    await screen.findByTitle('Needs the permission “Delete projects”, which your role does not have');
    expect(button).toBeDisabled();

    await act(() => i18n.changeLanguage('nl'));
    expect(
      await screen.findByTitle(
        'Hiervoor is het recht ‘Projecten verwijderen’ nodig, en dat heeft je rol niet',
      ),
    ).toBe(button);
  });
});
