/**
 * Projects in Chromium against the contract server (spec 2 §Projects, §2–§9): paging 32 projects 5 at a time,
 * search, a sort that survives a reload, the label and status filters, delete with its exact confirmation and
 * banner, what bob may not do, favourites on Designs and Sales, and create, edit, sub-project and duplicate with
 * server validation under the fields; a row shows its model's render once the model has processed. The read-only
 * tests come first; the others make their own projects.
 */
import { expect, type Locator, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { navigateInApp, origin, signedInAs } from './support/portal';
import { PNG_PIXEL, projectsApi, uniqueName } from './support/projects-api';

const DELETE_TEXT =
  'Are you sure you want to delete this project and all its descendants? This action is irreversible!';

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');
/** The project names of the table, in order. */
async function shownNames(page: Page): Promise<string[]> {
  const headers = await page.locator('.list-page__table thead th').allTextContents();
  const column = headers.findIndex((header) => header.trim() === 'Name') + 1;
  return rows(page).locator(`td:nth-child(${column})`).allTextContents();
}
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
/** The range text of the pagination ('1–5 of 32'). */
const range = (page: Page) => pages(page).getByText(/^\d+–\d+ of \d+$/);
const pageButton = (page: Page, number: number) =>
  pages(page).getByRole('button', { name: String(number), exact: true });

async function openFilter(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Filter' }).click();
  return page.getByRole('search', { name: 'Filter the list' });
}

/** Chooses an option of an antd Select (the forms). */
async function chooseOption(page: Page, select: Locator, option: string) {
  await select.click({ force: true });
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Ticks a value of a several-values filter of the Filter panel (a button opening checkboxes). */
async function tickFilter(filter: Locator, name: string, option: string) {
  await filter.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await filter.getByRole('group', { name }).getByRole('checkbox', { name: option }).check();
}

test.describe('the projects list', () => {
  test('pages through the 32 projects five at a time', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const { meta } = await api.list('per_page=5');
    expect(meta.total).toBeGreaterThanOrEqual(32);

    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await expect(range(page)).toHaveText(`1–5 of ${meta.total}`);
    const last = Math.ceil(meta.total / 5);
    await expect(pageButton(page, last)).toBeVisible();
    await expect(pageButton(page, 1)).toHaveAttribute('aria-current', 'page');
    expect(await shownNames(page)).toEqual(
      (await api.list('per_page=5&sort=-created_at')).data.map((p) => p.name),
    );

    await pageButton(page, 2).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pageButton(page, 2)).toHaveAttribute('aria-current', 'page');
    await expect(range(page)).toHaveText(`6–10 of ${meta.total}`);
    const second = (await api.list('per_page=5&page=2&sort=-created_at')).data.map((p) => p.name);
    await expect.poll(() => shownNames(page)).toEqual(second);

    await pageButton(page, last).click();
    await expect(range(page)).toHaveText(`${(last - 1) * 5 + 1}–${meta.total} of ${meta.total}`);
    await expect(rows(page).filter({ hasText: 'Harbour Tower' })).toHaveCount(1);
  });

  test('searches as the user types, and says when nothing matches', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/projects');
    const filter = await openFilter(page);
    await filter.getByRole('textbox', { name: /Search/ }).fill('harbour');
    await expect(page).toHaveURL(/[?&]search=harbour/);
    // A search finds sub-projects too (issue 42), newest first.
    await expect
      .poll(() => shownNames(page))
      .toEqual(['Harbour Tower – Penthouse', 'Harbour Tower – Lobby Fit-out', 'Harbour Tower']);

    await filter.getByRole('textbox', { name: /Search/ }).fill('no such project anywhere');
    await expect(page.getByText('no results found')).toBeVisible();
    await expect(pages(page)).toHaveCount(0);

    await filter.getByRole('button', { name: 'Reset' }).click();
    await expect(rows(page)).toHaveCount(5);
    await expect(filter.getByRole('textbox', { name: /Search/ })).toHaveValue('');
  });

  test('keeps the sort the user chose across a reload and a new visit', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/projects');
    await expect(rows(page)).toHaveCount(5);
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.click();
    await expect(page).toHaveURL(/[?&]sort=name/);
    await expect.poll(async () => (await shownNames(page))[0]).toBe('Atrium Mall');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await page.reload();
    await expect.poll(async () => (await shownNames(page))[0]).toBe('Atrium Mall');
    await page.goto('/projects');
    await expect.poll(async () => (await shownNames(page))[0]).toBe('Atrium Mall');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('user_sorts') ?? '{}'))).toEqual({
      projects: 'name',
    });

    await nameHeader.click();
    await expect(page).toHaveURL(/[?&]sort=-name/);
    await expect.poll(async () => (await shownNames(page))[0]).toBe('Willow Creek Clinic');
  });

  test('filters by label (from meta_data.filters.labels) and by status', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const urgent = await api.labelId('Urgent');
    const expected = await api.list(`per_page=25&filter[label]=${urgent}`);

    await page.goto('/projects');
    const filter = await openFilter(page);
    await tickFilter(filter, 'Label', 'Urgent');
    await page.keyboard.press('Escape');
    await expect(filter.getByRole('button', { name: 'Label Urgent' })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`[?&]label=${urgent}`));
    await expect(range(page)).toHaveText(`1–5 of ${expected.meta.total}`);
    for (const row of await rows(page).all()) await expect(row.getByText('Urgent')).toBeVisible();

    await filter.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Inactive' });
    const inactiveUrgent = await api.list(`per_page=25&filter[label]=${urgent}&filter[status]=inactive`);
    await expect(page).toHaveURL(/[?&]status=inactive/);
    await expect.poll(() => shownNames(page)).toEqual(inactiveUrgent.data.slice(0, 5).map((p) => p.name));
    for (const row of await rows(page).all()) {
      await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();
    }
  });

  test('bob sees no create or edit anywhere; Duplicate (spec 2 §2 gives it no permission) and the overview’s Delete are disabled', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'bob');
    const harbour = await (await projectsApi(request, 'bob')).findProject('Harbour Tower');
    const portal = origin('customerportal-acme');
    await page.goto(`${portal}/projects`);
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add a label' })).toHaveCount(0);
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await expect(page.getByRole('menuitem')).toHaveCount(1);
    await expect(page.getByRole('menuitem', { name: /^Duplicate/ })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    await rows(page).first().click();
    await expect(page).toHaveURL(/\/projects\/overview\/\d+$/);
    await expect(page.getByRole('button', { name: 'Manage models' })).toBeVisible();
    for (const name of ['Edit', 'New Model', 'New sub-project']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    // The row menu leaves Delete out (spec 2 §6); the overview shows it disabled, saying why (issue 33).
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();

    // The edit page reached inside the app from the overview (no new page load); the create page loaded.
    await navigateInApp(page, `/projects/edit/${harbour.id}`);
    await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
    await page.goto(`${portal}/projects/create`);
    await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
  });

  test('Designs and Sales lists favourites first, and the star flips at once', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const bayview = await api.findProject('Bayview Showroom');
    try {
      const listCall = page.waitForRequest((call) => call.url().includes('/api/v2/projects?'));
      await page.goto(`${origin('customerportal-acme')}/projects`);
      expect(new URL((await listCall).url()).searchParams.get('sort')).toBe('favorite,-created_at');
      await expect
        .poll(async () => (await shownNames(page)).slice(0, 3))
        .toEqual(['Museum Quarter', 'Lakeside Villa', 'Harbour Tower']);
      for (const name of ['Museum Quarter', 'Lakeside Villa', 'Harbour Tower']) {
        await expect(page.getByRole('button', { name: `Remove ${name} from favorites` })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }

      const star = page.getByRole('button', { name: 'Add Bayview Showroom to favorites' });
      const saved = page.waitForRequest(
        (call) => call.method() === 'PATCH' && call.url().endsWith(`/projects/${bayview.id}/favorite`),
      );
      await star.click();
      await expect(
        page.getByRole('button', { name: 'Remove Bayview Showroom from favorites' }),
      ).toHaveAttribute('aria-pressed', 'true');
      expect((await saved).postDataJSON()).toEqual({ is_favorited: true });
      // The newest favourite now leads the list.
      await expect.poll(async () => (await shownNames(page))[0]).toBe('Bayview Showroom');

      await page.getByRole('button', { name: 'Remove Bayview Showroom from favorites' }).click();
      await expect.poll(async () => (await shownNames(page))[0]).toBe('Museum Quarter');

      // The authoring platform has no favourites column.
      await page.goto('/projects');
      await expect(rows(page)).toHaveCount(5);
      await expect(page.getByRole('button', { name: /favorites$/ })).toHaveCount(0);
    } finally {
      await api.setFavorite(bayview.id, false);
    }
  });
});

test.describe('changing projects', () => {
  test("a project's row shows its model's render once the model has processed (issue 42)", async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const project = await api.createProject({ name: uniqueName('E2E Cover') });
    try {
      const model = await api.createModel('Cover cube', project.id);
      await api.untilModelStatus(model.id, 'FINISHED');
      const render = (await api.model(model.id)).preview_image_url;
      expect(typeof render, 'the model has a render').toBe('string');
      // The stored render's address (the host is the tenant's, as the page's).
      const { pathname } = new URL(render as string);
      await page.goto(`/projects?search=${encodeURIComponent(project.name)}`);
      const image = rows(page).filter({ hasText: project.name }).getByRole('img', { name: project.name });
      await expect(image).toHaveAttribute('src', /\/previews\//);
      expect(new URL((await image.getAttribute('src'))!).pathname).toBe(pathname);
    } finally {
      await api.deleteProject(project.id);
    }
  });

  test('deletes a project after the exact confirmation and shows the banner', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const project = await api.createProject({
      name: uniqueName('E2E Delete'),
      description: 'To be deleted.',
    });
    try {
      await page.goto(`/projects?search=${encodeURIComponent(project.name)}`);
      await expect.poll(() => shownNames(page)).toEqual([project.name]);
      await page.getByRole('button', { name: `Actions for ${project.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();

      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog.getByText(DELETE_TEXT, { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();

      await expectShown(page, `${project.name} successfully deleted`);
      await expect(page.getByText('no results found')).toBeVisible();
      const after = await api.list(`per_page=5&filter[search]=${encodeURIComponent(project.name)}`);
      expect(after.meta.total).toBe(0);
    } finally {
      await api.deleteProject(project.id);
    }
  });

  test('creates a project; a server validation error shows under its field', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const name = uniqueName('E2E Create');
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    await expect(page).toHaveURL(/\/projects\/create$/);
    await expect(page.getByRole('heading', { name: 'New Project' })).toBeVisible();

    // Only spaces: the browser lets it through, the server answers that the name is required.
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#name_help')).toHaveText('The name field is required.');

    await page.getByLabel('Name', { exact: true }).fill(name);
    await expect(page.locator('#name_help')).toHaveCount(0);
    await page.getByLabel('Description').fill('Made by the end-to-end tests.');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await page.getByRole('tab', { name: 'Labels' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Labels' }), 'Concept');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Team' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Users' }), 'Bob Brink');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/overview\/\d+$/);
    const id = Number(page.url().split('/').pop());
    try {
      await expect(page.locator('.project-status')).toHaveText('Inactive');
      await expect(page.getByText('Made by the end-to-end tests.')).toBeVisible();
      await expect(page.locator('.project-hero').getByText('Concept')).toBeVisible();
      await expect(page.locator('.people-list').getByText('Bob Brink')).toBeVisible();
    } finally {
      await api.deleteProject(id);
    }
  });

  test('edits a project: the label plus opens tab 5, a wrong preview image is refused under its field', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const concept = await api.labelId('Concept');
    const project = await api.createProject({ name: uniqueName('E2E Edit'), labels: [concept] });
    try {
      await page.goto(`/projects?search=${encodeURIComponent(project.name)}`);
      await expect.poll(() => shownNames(page)).toEqual([project.name]);
      await rows(page).first().getByRole('button', { name: 'Add a label' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/edit/${project.id}\\?tab=5$`));
      await expect(page.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
      await chooseOption(page, page.getByRole('combobox', { name: 'Labels' }), 'Residential');
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Preview image' }).click();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not a picture'),
      });
      await page.getByRole('tab', { name: 'General' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('tab', { name: 'Preview image' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('#preview_image_help')).toHaveText(
        'The preview image field must be a file of type: jpeg, png, bmp.',
      );

      await page.locator('input[type="file"]').setInputFiles(PNG_PIXEL);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/overview/${project.id}$`));
      const hero = page.locator('.project-hero');
      await expect(hero.getByText('Concept')).toBeVisible();
      await expect(hero.getByText('Residential')).toBeVisible();
      await expect(hero.getByRole('img', { name: `Preview of ${project.name}` })).toBeVisible();
    } finally {
      await api.deleteProject(project.id);
    }
  });

  test('adds a sub-project from the overview (hatch) and duplicates a project', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const parent = await api.createProject({
      name: uniqueName('E2E Parent'),
      description: 'Parent project.',
    });
    const subName = `${parent.name} – Wing`;
    const copies: number[] = [];
    try {
      await page.goto(`/projects/overview/${parent.id}`);
      await page.getByRole('button', { name: 'New sub-project' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/create/${parent.id}$`));
      await page.getByLabel('Name', { exact: true }).fill(subName);
      await page.getByRole('button', { name: 'Save' }).click();

      await expect(page.getByRole('heading', { name: subName, level: 1 })).toBeVisible();
      await page.getByRole('navigation').getByRole('link', { name: parent.name }).click();
      await expect(page.getByRole('heading', { name: parent.name, level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Sub-projects (1)' }).getByRole('link')).toHaveText(
        subName,
      );

      await page.getByRole('button', { name: 'Duplicate' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/copy/${parent.id}$`));
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${parent.name} (copy)`);
      await expect(page.getByLabel('Description')).toHaveValue('Parent project.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { name: `${parent.name} (copy)`, level: 1 })).toBeVisible();
      copies.push(Number(page.url().split('/').pop()));
    } finally {
      for (const id of [parent.id, ...copies]) await api.deleteProject(id);
    }
  });
});
