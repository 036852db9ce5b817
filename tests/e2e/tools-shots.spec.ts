import { expect, test } from '@playwright/test';
import { origin, signedInAs } from './support/portal';

test.describe.configure({ timeout: 90_000 });
const screens: Array<[string, string, string]> = [
  ['downloads', `${origin()}/tools/downloads`, 'h1'],
  ['dlform', `${origin()}/tools/downloads/edit/1`, 'h1'],
  ['pmaps', `${origin('hatch-acme')}/tools/property-maps`, 'h1'],
  ['trash', `${origin()}/tools/trash?tab=models`, 'h1'],
];
for (const lng of ['en', 'nl']) {
  for (const width of [1440, 390]) {
    test(`shots ${lng} ${width}`, async ({ page, context }) => {
      await signedInAs(context, 'admin');
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of screens) {
        await page.goto(`${url}${url.includes('?') ? '&' : '?'}lng=${lng}`);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.locator('.ui-skeleton, .ant-skeleton')).toHaveCount(0);
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/shots/${name}-${lng}-${width}.png`, fullPage: true });
      }
    });
  }
}
