/**
 * Every form of every seeded role (issue 42): a form the portal offers a user never meets a refusal. Per user, on
 * the host where they sign in, the walk takes the screens of the side navigation and the avatar menu the user sees,
 * and on each opens the forms it offers (the screen itself when it is one, its "New …" button, the first row's
 * Edit), waits until each form is ready with every select opened once (so lazily loaded options are asked for),
 * and fails naming the user, the screen and every API answer 401, 403 or 5xx, and every error screen or notice.
 * Nothing is submitted. One page per user, moving between screens inside the app.
 */
import { expect, type Locator, type Page, test } from './support/test';
import {
  API,
  apiHeaders,
  DEMO_PASSWORD,
  navigateInApp,
  origin,
  sharedSession,
  useSessionCookie,
} from './support/portal';
import { shownMessages } from './support/shown-messages';
import { uniqueName } from './support/projects-api';

interface Walker {
  /** The login name. */
  identity: string;
  /** The company the user signs in to. */
  company: string;
  /** The host label of the portal the user uses (the platform their licences allow). */
  host: string;
  /** Without a licence of any platform the user sees the no-licence screen only: no form is offered. */
  unlicensed?: true;
}

/**
 * The seeded users (../../shared/demo-fixture.md), one of each role on each platform, each where they sign in: a
 * Manager on the authoring platform (alice) and on the customer one (carol), a Viewer (bob) and a user without a
 * licence (dave); the Designer has a test of its own below. (erin and frank of the account area are Managers on the
 * authoring platform, as alice is. The administrator passes every check, and accessible-names.spec.ts opens every
 * screen as the administrator.)
 */
const SEEDED: Walker[] = [
  { identity: 'alice', company: 'acme', host: 'acme' },
  { identity: 'bob', company: 'acme', host: 'customerportal-acme' },
  { identity: 'carol', company: 'globex', host: 'customerportal-globex' },
  { identity: 'dave', company: 'initech', host: 'initech', unlicensed: true },
];

/** What the user sees when something failed or was refused (the error notice, the error and Forbidden screens). */
const ERROR_TEXT =
  /Something went wrong|This action is unauthorized|403 Forbidden|You do not have permission|Unexpected Application Error|500 Internal server error/;

/** The button of a form that saves it (not pressed). */
const SAVE = /^(Save|Send|Invite)$/;

interface Problem {
  screen: string;
  what: string;
}

/** Records the API answers that refused or failed, and the API requests still under way. */
function watchApi(page: Page, screen: () => string, problems: Problem[]) {
  const pending = new Set<string>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) pending.add(`${request.method()} ${request.url()} ${Math.random()}`);
  });
  const settle = (url: string, method: string) => {
    const key = [...pending].find((one) => one.startsWith(`${method} ${url} `));
    if (key) pending.delete(key);
  };
  page.on('requestfinished', (request) => settle(request.url(), request.method()));
  page.on('requestfailed', (request) => settle(request.url(), request.method()));
  page.on('response', (response) => {
    const status = response.status();
    if (!isApi(response.url()) || !(status === 401 || status === 403 || status >= 500)) return;
    const url = new URL(response.url());
    problems.push({
      screen: screen(),
      what: `${response.request().method()} ${url.pathname}${url.search} → ${status}`,
    });
  });
  /** Waits until no API request is under way (an answer not yet arrived is not missed). */
  return () => expect.poll(() => pending.size, { message: `API requests of ${screen()} answered` }).toBe(0);
}

/** Opens every select of the form's visible part once, until its options have loaded, and closes it again. */
async function openSelects(page: Page, form: Locator) {
  const selects = form.locator('.ant-select:not(.ant-select-disabled):visible');
  for (let index = 0; index < (await selects.count()); index += 1) {
    await selects.nth(index).locator('.ant-select-selector').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await expect(dropdown).toBeVisible();
    await expect(dropdown.locator('.ant-spin-spinning, .ant-select-item-option-loading')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();
  }
}

/** Waits until the form (a page's or a dialog's) is ready and opens each of its tabs' selects. */
async function inspectForm(page: Page, form: Locator) {
  await expect(form.getByRole('button', { name: SAVE }).first()).toBeVisible();
  await expect(form.locator('.ant-skeleton')).toHaveCount(0);
  const tabs = form.getByRole('tab');
  const tabCount = await tabs.count();
  for (let index = 0; index < Math.max(tabCount, 1); index += 1) {
    if (tabCount) await tabs.nth(index).click();
    await openSelects(page, form);
  }
}

/**
 * Goes to `path` inside the app and waits until its screen has replaced the one before (the router may keep the old
 * screen up while the next one's code loads: its headings are marked first, so they are not taken for the new
 * screen's) and nothing in it is still loading.
 */
async function openScreen(page: Page, path: string) {
  await page.locator('main :is(h1, h2)').evaluateAll((headings) => {
    for (const heading of headings) heading.setAttribute('data-e2e-left', '');
  });
  await navigateInApp(page, path);
  const main = page.locator('main');
  await expect(main.locator(':is(h1, h2):not([data-e2e-left])').first()).toBeVisible();
  await expect(main.locator('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
}

/** The screens a user may open: the side navigation's entries and the avatar menu's, as paths. */
async function offeredScreens(page: Page): Promise<string[]> {
  const navigation = await page
    .locator('.side-nav__menu a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  await page.getByRole('button', { name: /^Account menu of / }).click();
  const items = page.getByRole('menu').locator('a[href]');
  await expect(items.first()).toBeVisible();
  const menu = await items.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  await page.keyboard.press('Escape');
  return [...new Set([...navigation, ...menu])].filter((path) => path !== '/');
}

/** Clicks what opens a form and answers the form: a dialog's, else the form page's main part. */
async function openForm(page: Page, opener: Locator): Promise<Locator> {
  const before = page.url();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: SAVE }) });
  await opener.click();
  await expect(dialog.or(page.locator('main form')).first()).toBeVisible();
  if (await dialog.count()) return dialog.first();
  await expect(page).not.toHaveURL(before);
  return page.locator('main');
}

interface Walk {
  problems: Problem[];
  /** The forms looked at, by screen. */
  forms: string[];
}

/** Walks the forms of every screen the user is offered. */
async function walkForms(page: Page, walker: Walker): Promise<Walk> {
  const walk: Walk = { problems: [], forms: [] };
  let screen = 'the start page';
  const settled = watchApi(page, () => screen, walk.problems);
  const lookForErrors = async () => {
    const shown = (await shownMessages(page)).filter((text) => ERROR_TEXT.test(text));
    const visible = await page.getByText(ERROR_TEXT).allInnerTexts();
    for (const text of new Set([...shown, ...visible]))
      walk.problems.push({ screen, what: `shows "${text}"` });
    await page.evaluate(() => window.__shownMessages?.splice(0));
  };
  const checkForm = (name: string, open: () => Promise<Locator>) =>
    test.step(name, async () => {
      screen = name;
      await inspectForm(page, await open());
      await settled();
      await lookForErrors();
      walk.forms.push(name);
    });

  await page.goto(`${origin(walker.host)}/`);
  if (walker.unlicensed) {
    await expect(page.getByRole('heading', { name: /^You have no .* license/ })).toBeVisible();
    await settled();
    await lookForErrors();
    return walk;
  }
  await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
  const screens = await offeredScreens(page);
  await settled();
  await lookForErrors();

  for (const path of screens) {
    await test.step(path, async () => {
      screen = path;
      await openScreen(page, path);
      await settled();
      await lookForErrors();
      // The screen is a form itself: its Save in a form (the reports) or in its header (my account, the company
      // profile).
      const ownSave = page
        .locator('main form, main .page-header__actions')
        .getByRole('button', { name: SAVE })
        .filter({ visible: true });
      if (await ownSave.count()) {
        // A form screen offers no list of its own (no New, no rows).
        await checkForm(path, async () => page.locator('main'));
        return;
      }

      const create = page
        .locator('main')
        .getByRole('button', { name: /^New\b/ })
        .filter({ visible: true });
      if ((await create.count()) && (await create.first().isEnabled())) {
        await checkForm(`${path}: ${await create.first().innerText()}`, () => openForm(page, create.first()));
        await openScreen(page, path);
      }

      // A row's Edit that opens a form (a link; an edit in place, such as an FAQ category's name, is no form).
      const rowMenu = page
        .locator('main tbody tr[data-row-key]')
        .first()
        .getByRole('button', { name: /^Actions for / });
      if (!(await rowMenu.count())) return;
      await rowMenu.click();
      const edit = page
        .getByRole('menu')
        .locator('a[href]')
        .filter({ hasText: /^Edit$/ });
      if (await edit.count()) await checkForm(`${path}: Edit of the first row`, () => openForm(page, edit));
      else await page.keyboard.press('Escape');
    });
  }
  return walk;
}

/** A bound on a walk of twenty-odd screens with their forms, not a wait. */
const WALK_TIMEOUT = 300_000;

/** Fails naming every refusal and error found; the forms walked are the test's annotation. */
function expectNoProblems(walk: Walk, user: string, unlicensed = false) {
  test.info().annotations.push({ type: 'forms walked', description: walk.forms.join('; ') });
  // Every licensed user is offered a form at least (the issue report): a walk that found none found no screens.
  if (!unlicensed) expect(walk.forms, `forms walked by ${user}`).not.toEqual([]);
  expect(
    walk.problems.map((problem) => `${problem.screen}: ${problem.what}`),
    `refusals and errors met by ${user}`,
  ).toEqual([]);
}

for (const walker of SEEDED) {
  test(`every form offered to ${walker.identity} opens without a refusal`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(WALK_TIMEOUT);
    const login = await request.post(`${API}/login`, {
      data: { identity: walker.identity, password: DEMO_PASSWORD, remember: false },
      headers: apiHeaders(walker.company),
    });
    expect(login.status(), `login of ${walker.identity}`).toBe(200);
    await useSessionCookie(context, ((await login.json()) as { access_token: string }).access_token);
    expectNoProblems(await walkForms(page, walker), walker.identity, walker.unlicensed);
  });
}

test('every form offered to a Designer opens without a refusal', async ({ page, context, request }) => {
  test.setTimeout(WALK_TIMEOUT);
  // The seed has the Designer role but nobody in it: an administrator makes a user with a password, alice gives
  // them the role and both licences.
  const { access_token: adminToken } = await sharedSession('admin');
  const { access_token: aliceToken } = await sharedSession('alice');
  const username = uniqueName('designer')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');
  const created = await request.post(`${API}/admin/users`, {
    headers: apiHeaders('acme', adminToken),
    data: { name: 'Dana Designer', username, email: `${username}@acme.test`, password: DEMO_PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const roles = await request.get(`${API}/roles?per_page=100`, { headers: apiHeaders('acme', aliceToken) });
  const designer = ((await roles.json()) as { data: { id: number; title: string }[] }).data.find(
    (role) => role.title === 'Designer',
  )!;
  const updated = await request.patch(`${API}/users/${id}`, {
    headers: apiHeaders('acme', aliceToken),
    data: {
      name: 'Dana Designer',
      username,
      email: `${username}@acme.test`,
      role_id: designer.id,
      licenses: ['hatch', 'design_and_sales'],
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  const login = await request.post(`${API}/login`, {
    data: { identity: username, password: DEMO_PASSWORD, remember: false },
    headers: apiHeaders('acme'),
  });
  expect(login.status()).toBe(200);
  await useSessionCookie(context, ((await login.json()) as { access_token: string }).access_token);
  expectNoProblems(
    await walkForms(page, { identity: username, company: 'acme', host: 'acme' }),
    'a Designer',
  );
});
