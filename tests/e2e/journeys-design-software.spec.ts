/**
 * Issue 31, journey 3, in Chromium against the contract server: the dashboard's 'design software account is not
 * connected' warning shows only where the company's Autodesk integration is on (an administrator sets it on the
 * company profile), and a dismissal is kept per user on the server, so it stays dismissed after a reload.
 */
import { expect, type Page, test } from './support/test';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';

const WARNING = 'Your design software account is not connected';

/** The dashboard has drawn the signed-in user's greeting: the warning, if any, is decided by then. */
async function openDashboard(page: Page, name: string) {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Good (morning|afternoon|evening), ${name}$`) }),
  ).toBeVisible();
}

test('the design-software warning: only with the integration on, its dismissal kept across a reload', async ({
  page,
  context,
  request,
}) => {
  const api = request;
  const alice = await signedInAs(context, 'alice');
  const admin = await sharedSession('admin');
  const integration = async (value: 'yes' | 'no') => {
    const response = await api.patch(`${API}/companies/my-company`, {
      headers: apiHeaders('acme', admin.access_token),
      data: { autodesk_integration: value },
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  // Acme's integration is off (the seed's 'no'): nothing to connect, so no warning.
  await openDashboard(page, alice.user.name);
  await expect(page.getByRole('alert').filter({ hasText: WARNING })).toHaveCount(0);

  await integration('yes');
  try {
    await openDashboard(page, alice.user.name);
    const warning = page.getByRole('alert').filter({ hasText: WARNING });
    await expect(warning).toBeVisible();
    const kept = page.waitForResponse(
      (response) =>
        response.url().endsWith('/my-account/preferences') && response.request().method() === 'PATCH',
    );
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toHaveCount(0);
    expect((await kept).status()).toBe(200);

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`${alice.user.name}$`) }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: WARNING })).toHaveCount(0);
  } finally {
    // As the tests after this one on this worker's server expect: the integration off, alice's dismissal cleared.
    await integration('no');
    const cleared = await api.patch(`${API}/my-account/preferences`, {
      headers: apiHeaders('acme', alice.access_token),
      data: { dismissed_design_software_warning: null },
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
  }
});
