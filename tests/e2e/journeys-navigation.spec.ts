/**
 * Issue 31, journeys that stranded the user, in Chromium against the contract server:
 * 1. New Library opened directly (a fresh tab): Cancel goes to the libraries, Save shows the new library where
 *    it is listed, never a blank page outside the portal; New Category opened after /projects: Save shows the
 *    new category, not /projects again.
 * 4. New Download for a user who is no administrator: visible, disabled, its reason as a tooltip on hover and on
 *    keyboard focus, never the full-screen not-found; a disabled row-menu entry never turns red.
 * 6. My account's Save stays in view while the password fields are, at 1440 and 390 px.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

interface Named {
  id: number;
  name: string;
  parent_id?: number | null;
}

async function aliceApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('alice');
  const headers = apiHeaders('acme', token);
  return {
    async find(collection: string, name: string): Promise<Named | undefined> {
      const response = await request.get(
        `${API}/${collection}?per_page=25&filter[search]=${encodeURIComponent(name)}`,
        { headers },
      );
      expect(response.status(), await response.text()).toBe(200);
      const { data } = (await response.json()) as { data: Named[] };
      return data.find((record) => record.name === name);
    },
    /** Deletes what a test made through the collection's bulk call (libraries and categories have no other). */
    async remove(collection: string, field: string, id: number) {
      const response = await request.post(`${API}/${collection}/update`, {
        headers,
        form: { action: 'delete', [`${field}[0][id]`]: String(id) },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

/** The path of the page, or the whole URL when it left the portal (about:blank). */
const where = (page: Page) => {
  const url = new URL(page.url());
  return url.protocol === 'about:' ? page.url() : url.pathname;
};

test.describe('journey 1: a form opened directly never leaves the portal', () => {
  test('New Library in a fresh tab: Cancel goes to the libraries', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/libraries/create');
    await expect(page.getByRole('heading', { name: 'New Library' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => where(page)).toBe('/libraries');
    await expect(page.getByRole('button', { name: 'New Library' })).toBeVisible();
  });

  test('New Library in a fresh tab: Save shows the new library where it is listed', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await aliceApi(request);
    const name = uniqueName('Lamps');
    await page.goto('/libraries/create');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => where(page)).toBe('/libraries');
    try {
      // The newest first (-updated_at): on the first page of the root's libraries.
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    } finally {
      const library = await api.find('libraries', name);
      if (library) await api.remove('libraries', 'libraries', library.id);
    }
  });

  test('New Category opened after /projects: Save shows the new category, not /projects', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await aliceApi(request);
    const name = uniqueName('Metals');
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await page.goto('/materials/categories/create');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => where(page)).toBe('/materials');
    try {
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    } finally {
      const category = await api.find('materials/categories', name);
      if (category) await api.remove('materials/categories', 'categories', category.id);
    }
  });
});

test.describe('journey 4: an action offered never leads to a refusal screen', () => {
  test('New Download for bob: disabled, its reason on hover and on keyboard focus', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'bob');
    // Bob holds the Designs and Sales licence only: his platform is customerportal.
    await page.goto(`${origin('customerportal-acme')}/tools/downloads`);
    const button = page.getByRole('button', { name: 'New Download' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Only platform administrators add downloads');

    // The pointer: the reason shows, and a press leads nowhere.
    await button.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('Only platform administrators add downloads');
    await button.click({ force: true });
    await expect(page.getByRole('heading', { name: '404 | Page Not Found' })).toHaveCount(0);
    await expect.poll(() => where(page)).toBe('/tools/downloads');
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // The keyboard: Tab from the toolbar's last button (Filter, Views, Export) reaches the reason (a disabled
    // button takes no focus), and it shows.
    await page.getByRole('button', { name: 'Export', exact: true }).focus();
    await page.keyboard.press('Tab');
    const holder = page.locator('.ui-disabled-reason');
    await expect(holder).toBeFocused();
    await expect(holder).toHaveAccessibleDescription('Only platform administrators add downloads');
    await expect(page.getByRole('tooltip')).toHaveText('Only platform administrators add downloads');
  });

  test('the create route typed by bob still refuses (spec 1 §2.7)', async ({ page, context }) => {
    await signedInAs(context, 'bob');
    await page.goto(`${origin('customerportal-acme')}/tools/downloads/create`);
    await expect(page.getByRole('heading', { name: '404 | Page Not Found' })).toBeVisible();
  });

  test('a disabled Delete never turns red on hover', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await aliceApi(request);
    // Spec 2 §4: a library connected to a model cannot be deleted (the demo's Pendant Lights).
    const pendant = await api.find('libraries', 'Pendant Lights');
    expect(pendant?.parent_id).toBeTruthy();
    await page.goto(`/libraries/${pendant!.parent_id}`);
    await page.getByRole('button', { name: 'Actions for Pendant Lights' }).click();
    const remove = page.getByRole('menuitem', { name: /^Delete/ });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    const colours = () =>
      remove.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.color}`;
      });
    const resting = await colours();
    // Pointing at it shows the reason's tooltip.
    await remove.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    expect(await colours()).toBe(resting);
  });
});

test.describe('journey 6: My account keeps Save and Cancel in view', () => {
  for (const width of [1440, 390]) {
    test(`with the password fields in view at ${width} px`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await signedInAs(context, 'alice');
      await page.goto('/user/profile?tab=settings');
      // Notification settings open above the password change: a long form, as when one changes both.
      await page.getByRole('button', { name: 'Receive Notification via Email' }).click();
      await expect(page.getByRole('button', { name: 'Receive Notification via Email' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      const confirmation = page.getByLabel('Confirm new password');
      await confirmation.scrollIntoViewIfNeeded();
      await page.getByLabel('Current password').focus();
      await expect(confirmation).toBeInViewport();
      await confirmation.focus();
      await expect(confirmation).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeInViewport();
      // The field the keyboard is in is not under the header.
      const field = await confirmation.boundingBox();
      const header = await page.locator('.account-page > .page-header').boundingBox();
      expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    });
  }
});
