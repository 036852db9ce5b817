/**
 * Comments pinned to a model in Chromium against the contract server (issue 45), on a model the real pipeline
 * processed: Alice turns on the viewer's Comment tool, clicks the model and writes a comment mentioning Bob; its
 * numbered pin and thread appear, and arrive in Bob's browser without a reload; Bob is notified and his
 * notification opens the thread; a pin opens the camera where its comment was written; resolving hides the thread
 * (Bob, who has it open, sees it marked resolved); Bob (a Viewer, reading Dutch) reads but cannot write; axe finds
 * nothing serious at either width.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from './support/test';
import { seriousViolations } from './support/axe';
import { origin, signedInAs } from './support/portal';
import { englishOnDutchScreen, rawKeys } from './support/screen-checks';
import { projectsApi, uniqueName } from './support/projects-api';
import { VIEWER_READY, VIEWER_TEST_VIEWPORT } from './support/no-webgl';
import { difference, type Picture, pictureOf, SAME_VIEW } from './support/pictures';
import { localeOf, PHONE, type ScreenLanguage } from './support/screen-variants';

const PROJECT = 'Dune Pavilion';

test.use({ viewport: VIEWER_TEST_VIEWPORT });

async function openOverview(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await expect(page.locator('.viewer')).toHaveAttribute('data-state', 'ready', VIEWER_READY);
  return page.locator('.viewer__stage');
}

/** The 3D view's picture alone (without the toolbar, panels, pins and focus ring over it). */
const viewOf = async (stage: Locator) =>
  pictureOf(
    await stage.screenshot({
      animations: 'disabled',
      style:
        '.viewer__toolbar, .viewer__panel, .viewer__pins { visibility: hidden } .viewer__stage { box-shadow: none !important }',
    }),
  );

/** The view once it has stopped changing: two pictures in a row the same. */
async function settledView(stage: Locator): Promise<Picture> {
  let last = await viewOf(stage);
  await expect
    .poll(async () => {
      const next = await viewOf(stage);
      const same = difference(next, last) === 0;
      last = next;
      return same;
    })
    .toBe(true);
  return last;
}

/** Where a pin sits on the 3D view, to the pixel (the page may have scrolled meanwhile). */
async function placeOf(pin: Locator, stage: Locator) {
  const [box, frame] = [(await pin.boundingBox())!, (await stage.boundingBox())!];
  return { x: Math.round(box.x - frame.x), y: Math.round(box.y - frame.y) };
}

/** What two people reviewing a freshly processed model together have: Alice's page and Bob's, both on its overview. */
interface ReviewTogether {
  name: string;
  overviewPath: string;
  bobPage: Page;
  /** Alice's 3D view and Bob's. */
  stage: Locator;
  bobStage: Locator;
}

/**
 * A model of its own processed by the real pipeline, open on Alice's overview and on Bob's (in his language; he
 * holds only the design_and_sales licence: the Designs and Sales platform); the model and Bob's browser go after.
 */
async function reviewTogether(
  {
    page,
    context,
    browser,
    request,
  }: { page: Page; context: BrowserContext; browser: Browser; request: APIRequestContext },
  prefix: string,
  bobLanguage: ScreenLanguage,
  run: (review: ReviewTogether) => Promise<void>,
) {
  await signedInAs(context, 'alice');
  const api = await projectsApi(request);
  const project = await api.findProject(PROJECT);
  const name = uniqueName(prefix);
  const model = await api.createModel(name, project.id);
  const bobContext = await browser.newContext({
    viewport: VIEWER_TEST_VIEWPORT,
    locale: localeOf(bobLanguage),
  });
  try {
    await api.untilModelStatus(model.id, 'FINISHED');
    await signedInAs(bobContext, 'bob');
    const bobPage = await bobContext.newPage();
    const overviewPath = `/projects/models/overview/${model.id}`;
    const [stage, bobStage] = await Promise.all([
      openOverview(page, overviewPath),
      openOverview(bobPage, `${origin('customerportal-acme')}${overviewPath}`),
    ]);
    await run({ name, overviewPath, bobPage, stage, bobStage });
  } finally {
    await bobContext.close();
    await api.deleteModel(model.id);
  }
}

test('a comment pinned to the model arrives live, notifies whom it mentions, and resolves for everyone', async ({
  page,
  context,
  browser,
  request,
}) => {
  // Bob reads Dutch.
  await reviewTogether(
    { page, context, browser, request },
    'E2E Comments',
    'nl',
    async ({ name, bobPage, stage, overviewPath }) => {
      const bobComments = bobPage.getByRole('region', { name: /^Reacties/ });
      await expect(bobComments).toContainText('Nog geen reacties.');
      // A Viewer reads comments but writes none: no Comment tool, no Add comment.
      await expect(bobPage.getByRole('button', { name: 'Reageren', exact: true })).toHaveCount(0);
      await expect(bobComments.getByRole('button', { name: 'Reactie plaatsen' })).toHaveCount(0);

      // Alice turns the Comment tool on and clicks the middle of the model.
      const tools = page.getByRole('group', { name: '3D view controls' });
      const tool = tools.getByRole('button', { name: 'Comment', exact: true });
      await tool.click();
      await expect(tool).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('viewer-comment-state')).toHaveText(
        /Click the model where your comment belongs/,
      );
      // Beside the model, nothing is placed.
      const box = (await stage.boundingBox())!;
      await page.mouse.click(box.x + 8, box.y + 8);
      await expect(page.getByTestId('viewer-comment-state')).toHaveText(/beside the model/);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.getByTestId('comment-pin-draft')).toBeVisible();
      await expect(tool).toHaveAttribute('aria-pressed', 'false');

      // The text box has the focus; @Bo lists Bob, who is mentioned.
      const comments = page.getByRole('region', { name: /^Comments/ });
      const box1 = comments.getByLabel('Your comment at the new pin');
      await expect(box1).toBeFocused();
      await box1.pressSequentially('The leg is 2 cm short, @Bo');
      await page.getByRole('menuitem', { name: 'Bob Brink' }).click();
      await box1.pressSequentially('please check');
      await comments.getByRole('button', { name: 'Post comment' }).click();

      const thread = page.getByTestId('comment-thread-1');
      await expect(thread).toContainText('The leg is 2 cm short, @Bob Brink please check');
      await expect(thread.locator('.comment-entry__mention')).toHaveText('@Bob Brink');
      await expect(thread).toBeFocused();
      const pin = page.getByTestId('comment-pin-1');
      await expect(pin).toBeVisible();
      await expect(pin).toHaveAccessibleName(/^Comment 1 by Alice .*: The leg is 2 cm short/);
      await expect(comments.getByRole('heading', { name: /Comments \(1 open\)/ })).toBeVisible();

      // In Bob's browser the pin and the thread arrive without a reload, and the bell says he was mentioned.
      await expect(bobPage.getByTestId('comment-pin-1')).toBeVisible();
      await expect(bobPage.getByTestId('comment-thread-1')).toContainText('The leg is 2 cm short');
      await bobPage.getByRole('button', { name: /^Meldingen, \d+ ongelezen/ }).click();
      const panel = bobPage.getByRole('dialog', { name: 'Meldingen' });
      await expect(panel).toContainText(`Alice Anders heeft je genoemd bij ${name}`);
      await panel.getByRole('link', { name: 'Reactie openen' }).first().click();
      await expect(bobPage).toHaveURL(new RegExp(`${overviewPath}\\?comment=\\d+$`));
      await expect(bobPage.getByTestId('comment-thread-1')).toBeFocused();

      // A pin opens the camera where its comment was written: orbited away, the pin moves; pressed, it is back.
      const written = await placeOf(pin, stage);
      await stage.focus();
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => placeOf(pin, stage)).not.toEqual(written);
      await pin.click();
      await expect.poll(async () => placeOf(pin, stage)).toEqual(written);
      await expect(pin).toHaveAttribute('aria-pressed', 'true');
      await expect(thread).toBeFocused();

      // A reply joins the thread, in both browsers.
      await thread.getByRole('button', { name: 'Reply' }).click();
      await thread.getByLabel('Your reply').fill('Longer legs are in version 2.');
      await thread.getByRole('button', { name: 'Send reply' }).click();
      const replies = thread.getByRole('list', { name: '1 reply' });
      await expect(replies).toContainText('Longer legs are in version 2.');
      await expect(thread.getByRole('button', { name: 'Reply' })).toBeFocused();
      await expect(bobPage.getByTestId('comment-thread-1')).toContainText('Longer legs are in version 2.');

      // Resolving hides the thread for both, and it can be shown again.
      await thread.getByRole('button', { name: 'Resolve' }).click();
      await expect(thread).toBeHidden();
      await expect(comments).toContainText('Every comment is resolved.');
      // Bob has the thread open (his link opened it): it stays, marked resolved.
      await expect(bobPage.getByTestId('comment-thread-1')).toContainText('Opgelost door Alice Anders');
      await expect(bobPage.getByTestId('comment-pin-1')).toHaveClass(/viewer__pin--resolved/);
      expect(await rawKeys(bobPage)).toEqual([]);
      expect(await englishOnDutchScreen(bobPage)).toEqual([]);
      await comments.getByText('Show 1 resolved').click();
      await expect(thread).toContainText('Resolved by Alice');
      await expect(pin).toHaveClass(/viewer__pin--resolved/);

      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(thread).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

test('a saved viewpoint brings the camera back, arrives for the team, and a taken name is refused under its field', async ({
  page,
  context,
  browser,
  request,
}) => {
  await reviewTogether(
    { page, context, browser, request },
    'E2E Views',
    'en',
    async ({ bobPage, stage, bobStage }) => {
      const tools = page.getByRole('group', { name: '3D view controls' });
      const views = tools.getByRole('button', { name: 'Viewpoints' });
      await views.click();
      const panel = page.getByRole('group', { name: 'Viewpoints', exact: true });
      await expect(panel).toContainText('No saved viewpoints yet.');

      // From the left and a little above: saved as "Left corner".
      await stage.focus();
      for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      const saved = await settledView(stage);
      await panel.getByLabel('Name of this viewpoint').fill('Left corner');
      await panel.getByRole('button', { name: 'Save viewpoint' }).click();
      await expect(panel.getByRole('button', { name: 'Left corner', exact: true })).toBeVisible();
      await expect(panel.getByLabel('Name of this viewpoint')).toHaveValue('');

      // The same name again is refused under the field, and the name stays.
      await panel.getByLabel('Name of this viewpoint').fill('left CORNER');
      await panel.getByRole('button', { name: 'Save viewpoint' }).click();
      await expect(panel.getByText('The name has already been taken.')).toBeVisible();
      await expect(panel.getByLabel('Name of this viewpoint')).toHaveValue('left CORNER');
      await expect(panel.getByLabel('Name of this viewpoint')).toHaveAttribute('aria-invalid', 'true');

      // Elsewhere, then back: the view is the saved one.
      await stage.focus();
      await page.keyboard.press('r');
      await expect.poll(async () => difference(await viewOf(stage), saved)).toBeGreaterThan(0.02);
      await panel.getByRole('button', { name: 'Left corner', exact: true }).click();
      await expect.poll(async () => difference(await viewOf(stage), saved)).toBeLessThan(SAME_VIEW);

      // Bob (a Viewer) finds it in his list without a reload, and goes to it; he saves none and deletes none.
      await bobPage
        .getByRole('group', { name: '3D view controls' })
        .getByRole('button', { name: 'Viewpoints' })
        .click();
      const bobPanel = bobPage.getByRole('group', { name: 'Viewpoints', exact: true });
      await expect(bobPanel.getByRole('button', { name: 'Left corner', exact: true })).toBeVisible();
      await expect(bobPanel.getByLabel('Name of this viewpoint')).toHaveCount(0);
      await expect(bobPanel.getByRole('button', { name: 'Delete the viewpoint Left corner' })).toHaveCount(0);
      await bobPanel.getByRole('button', { name: 'Left corner', exact: true }).click();
      await expect(bobStage).toBeVisible();

      // Alice deletes it; it goes from Bob's list too.
      await panel.getByRole('button', { name: 'Delete the viewpoint Left corner' }).click();
      await expect(panel).toContainText('No saved viewpoints yet.');
      await expect(bobPanel).toContainText('No saved viewpoints yet.');
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
