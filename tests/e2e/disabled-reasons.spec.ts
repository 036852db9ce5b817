/**
 * Issue 33, 'why not', in Chromium against the contract server: Bob, a Viewer (no delete abilities, demo
 * fixture), opens a project's overview, where Delete is shown disabled; pointing at it and reaching it with the
 * keyboard both show why (the missing ability by its name in the role editor), which is also its description.
 */
import { expect, test } from './support/test';
import { origin, signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';

const REASON = 'Needs the permission “Delete projects”, which your role does not have';

test('a viewer sees why Delete is disabled, on hover and on keyboard focus', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'bob');
  const harbour = await (await projectsApi(request, 'bob')).findProject('Harbour Tower');
  await page.goto(`${origin('customerportal-acme')}/projects/overview/${harbour.id}`);

  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(REASON);
  const holder = page.locator('.ui-disabled-reason').filter({ has: remove });

  await holder.hover();
  await expect(page.getByRole('tooltip')).toHaveText(REASON);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // The keyboard reaches it too: the Tab stops on what holds the disabled button, described by the reason.
  const focused = () => holder.evaluate((element) => element === document.activeElement);
  for (let presses = 0; presses < 60 && !(await focused()); presses++) await page.keyboard.press('Tab');
  await expect(holder).toBeFocused();
  await expect(holder).toHaveAccessibleDescription(REASON);
  await expect(page.getByRole('tooltip')).toHaveText(REASON);
});
