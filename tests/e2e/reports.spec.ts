/**
 * Issue and feedback reports in Chromium against the contract server (spec 2 §Admin, §3): bob sends an issue
 * report and a feedback report on the customer portal; the administrator finds the issue report in the admin
 * list, opens its overview and changes its status, and finds the rating among the feedback reports. Each test
 * makes the reports it changes.
 */
import { expect, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { origin, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

test('bob submits an issue report and the admin finds it and changes its status', async ({
  page,
  context,
}) => {
  const description = uniqueName('E2E viewer stays black');
  await signedInAs(context, 'bob');
  // A leaving message's height animation moves the fields below it, and a click could land mid-move: bob asks
  // for reduced motion (which the portal's antd theme honours), so the messages leave at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${origin('customerportal-acme')}/issue_report`);
  await expect(page.getByRole('heading', { name: 'Report an issue', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#severity_help')).toContainText('required');

  // Each choice clears its field's 'required' message once the form's (asynchronous) validation has run, and
  // the fields below move up a line: the next click waits for that.
  await page.getByLabel('Severity').click();
  await page.getByTitle('High', { exact: true }).click();
  await expect(page.locator('#severity_help')).toBeHidden();
  // The form holds the products: a checkbox shows its new state once the form has rendered it, which may be after
  // the click has returned (so a click, then waiting for the state, rather than check(), which looks at once).
  await page.getByRole('checkbox', { name: 'Mobile' }).click();
  await expect(page.getByRole('checkbox', { name: 'Mobile' })).toBeChecked();
  await expect(page.locator('#products_help')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Exporter' }).click();
  await expect(page.getByRole('checkbox', { name: 'Exporter' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Mobile' })).toBeChecked();
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('External link').fill('not a link');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#external_link_help')).toBeVisible();
  await page.getByLabel('External link').fill('https://tickets.test/e2e');
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/v2\/issue-reports$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const { data: report } = (await (await sent).json()) as { data: { id: number } };
  await expectShown(page, 'Thank you! Your issue report has been sent.', { exact: false });

  await context.clearCookies();
  await signedInAs(context, 'admin');
  await page.goto('/admin/issue_report');
  await expect(page.getByRole('heading', { name: 'Issue reports', level: 1 })).toBeVisible();
  // Newest first; other tests may be sending reports at the same time, so this one is found by its id.
  const row = page.locator(`tbody tr[data-row-key="${report.id}"]`);
  await expect(row).toContainText('High');
  await expect(row).toContainText('Bob Brink');
  await expect(row).toContainText('Exporter, Mobile');
  await row.click();
  await expect(page).toHaveURL(/\/admin\/issue_report\/overview\/\d+$/);
  await expect(page.getByText(description)).toBeVisible();
  await page
    .locator('.ant-select')
    .filter({ has: page.locator('#issue-status') })
    .click();
  await page.getByTitle('Resolved', { exact: true }).click();
  await expect(page.getByText('Status changed to Resolved').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('.ant-select-selection-item')).toHaveText('Resolved');
});

test('bob rates the portal and the admin sees the stars', async ({ page, context }) => {
  const comment = uniqueName('E2E four stars');
  await signedInAs(context, 'bob');
  await page.goto(`${origin('customerportal-acme')}/feedback_report`);
  await expect(page.getByRole('heading', { name: 'Give feedback', level: 1 })).toBeVisible();
  await page.locator('.ant-rate-star').nth(3).locator('[role="radio"]').click();
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Thank you for your feedback!').first()).toBeVisible();

  await context.clearCookies();
  await signedInAs(context, 'admin');
  await page.goto('/admin/feedback_report');
  const row = page
    .locator('tbody tr[data-row-key]')
    .filter({ hasText: comment.slice(0, 12) })
    .first();
  await expect(row.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
  await expect(row).toContainText('Bob Brink');
});
