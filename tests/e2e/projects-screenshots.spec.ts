/**
 * The projects and models screens at desktop (1440×900) and phone (390×844) width: each is checked with axe
 * (no serious or critical findings) and saved under test-results/screenshots for review.
 */
import { expect, type Page, test } from './support/test';
import { seriousViolations } from './support/axe';
import { signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

interface Screen {
  name: string;
  path: (ids: { harbour: number; lobby: number }) => string;
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'projects-list',
    path: () => '/projects',
    ready: (page) => expect(page.locator('tbody tr[data-row-key]')).toHaveCount(5),
  },
  {
    name: 'project-overview',
    path: ({ harbour }) => `/projects/overview/${harbour}`,
    ready: (page) =>
      expect(
        page
          .getByRole('region', { name: /^Models/ })
          .getByRole('link')
          .first(),
      ).toBeVisible(),
  },
  {
    name: 'project-create',
    path: () => '/projects/create',
    ready: (page) => expect(page.getByLabel('Name', { exact: true })).toBeVisible(),
  },
  {
    name: 'project-edit-labels',
    path: ({ harbour }) => `/projects/edit/${harbour}?tab=5`,
    ready: (page) => expect(page.getByText('Residential', { exact: true })).toBeVisible(),
  },
  {
    name: 'project-manage',
    path: ({ harbour }) => `/projects/manage/${harbour}`,
    ready: (page) => expect(page.locator('.model-status').first()).toBeVisible(),
  },
  {
    name: 'model-overview',
    path: ({ lobby }) => `/projects/models/overview/${lobby}`,
    ready: (page) => expect(page.getByRole('region', { name: 'Processing history' })).toBeVisible(),
  },
  {
    name: 'model-create',
    path: ({ harbour }) => `/projects/models/create/${harbour}`,
    ready: (page) =>
      expect(page.locator('.form-page__card .ant-select-selection-item')).toHaveText('Harbour Tower'),
  },
];

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`projects and models screens at ${size} width`, () => {
    test.use({ viewport });

    for (const screen of SCREENS) {
      test(`${screen.name} (${size})`, async ({ page, context, request }) => {
        await signedInAs(context, 'alice');
        const api = await projectsApi(request);
        const harbour = await api.findProject('Harbour Tower');
        const lobby = (await api.models(harbour.id)).find((model) => model.name === 'Harbour Tower – Lobby')!;
        await page.goto(screen.path({ harbour: harbour.id, lobby: lobby.id }));
        await screen.ready(page);
        expect(await seriousViolations(page), screen.name).toEqual([]);
        await page.screenshot({
          path: `test-results/screenshots/${screen.name}-${size}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}
