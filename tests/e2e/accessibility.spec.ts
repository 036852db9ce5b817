/**
 * axe-core on the first screens and the list's overlays: no serious or critical violation on the login page (also
 * with its error), the projects list (with the filter panel, a row menu and the delete dialog open), the project
 * form and a model's overview, at desktop and phone width: a test per screen, both widths in its one page (resized,
 * not loaded again; an overlay opened again at each width, and checked on its own over the page checked before).
 * Each check waits for the content it covers. The dashboard's is dashboard.spec.ts's.
 */
import { expect, type Page, test } from './support/test';
import {
  expectAccessibleAtBothWidths,
  resized,
  seriousViolations,
  seriousViolationsWithin,
} from './support/axe';
import { signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';
import { DESKTOP, PHONE } from './support/screen-variants';

async function openProjectsList(page: Page) {
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeVisible();
}

/** Each width in turn, in the page as it is: `check` opens what it looks at and closes it again. */
async function atBothWidths(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await test.step(`at ${viewport.width} px`, async () => {
      await resized(page, viewport);
      await check(viewport.width);
    });
  }
}

test.describe('axe at 1440 and 390 px', () => {
  test.use({ viewport: DESKTOP });

  test('the login page, and with an error, has no serious accessibility violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the login page');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the login page with an error');
  });

  test('the projects list with its filter panel, a row menu and then the delete dialog open has no serious accessibility violation', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    await openProjectsList(page);
    await page.getByRole('button', { name: 'Filter' }).click();
    const filter = page.getByRole('search', { name: 'Filter the list' });
    await expect(filter.getByRole('textbox', { name: /Search/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await atBothWidths(page, async (width) => {
      // The whole list, with the label filter's choices open too.
      await filter.getByRole('button', { name: /^Label/ }).click();
      const choices = filter.getByRole('group', { name: 'Label' });
      await expect(choices.getByRole('checkbox').first()).toBeVisible();
      expect.soft(await seriousViolations(page), `the list at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(choices).toBeHidden();
      // The row menu and the dialog over the list just checked: axe checks each of them only.
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
      expect.soft(await seriousViolationsWithin(page, '.ui-menu'), `row menu at ${width} px`).toEqual([]);
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
      expect
        .soft(await seriousViolationsWithin(page, '.ui-dialog'), `delete dialog at ${width} px`)
        .toEqual([]);
      // Nothing is deleted.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });
  });

  test('the project form has no serious accessibility violation', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto('/projects/create');
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessibleAtBothWidths(page, 'the project form');
  });

  test('a model overview has no serious accessibility violation', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const harbour = await api.findProject('Harbour Tower');
    const lobby = (await api.models(harbour.id)).find((model) => model.name === 'Harbour Tower – Lobby')!;
    await page.goto(`/projects/models/overview/${lobby.id}`);
    await expect(page.getByRole('region', { name: 'Processing history' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessibleAtBothWidths(page, 'a model overview');
  });
});

/** WCAG contrast ratio of a ring's `rgb(...)`/`rgba(...)` colour, laid over its opaque background, to that background. */
function contrast(ring: string, background: string): number {
  const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const [r, g, b, alpha = 1] = channels(ring);
  const under = channels(background);
  const seen = [r, g, b].map((channel, index) => alpha * channel + (1 - alpha) * under[index]);
  const luminance = (rgb: number[]) => {
    const [lr, lg, lb] = rgb.map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [light, dark] = [luminance(seen), luminance(under)].sort((first, second) => second - first);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The focused element's ring: the outline or box-shadow of it or of a close wrapper (a `:focus-within` ring of a
 * field), with its colour and the background it sits on.
 */
const focusRing = (page: Page) =>
  page.evaluate(async () => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    // The ring's transition ends first (an event, not a wait).
    const around = [focused, focused.parentElement, focused.parentElement?.parentElement];
    await Promise.all(
      around.flatMap((element) => element?.getAnimations().map((animation) => animation.finished) ?? []),
    );
    const ringOf = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return style.outlineColor;
      return style.boxShadow === 'none' ? null : (style.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? null);
    };
    let ring: string | null = null;
    let ringed: HTMLElement | null = focused;
    for (let level = 0; ringed && level < 3 && !ring; level += 1) {
      ring = ringOf(ringed);
      if (!ring) ringed = ringed.parentElement;
    }
    let background = 'rgb(255, 255, 255)';
    for (let node = (ringed ?? focused).parentElement; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
        background = color;
        break;
      }
    }
    const name =
      focused.getAttribute('aria-label') ||
      focused.textContent?.trim().slice(0, 40) ||
      focused.outerHTML.slice(0, 80);
    return { name, ring, background };
  });

test.describe('focus', () => {
  test.use({ viewport: DESKTOP });
  for (const { name, path, ready } of [
    { name: 'the projects list', path: '/projects', ready: /^Actions for / },
    { name: 'the project form', path: '/projects/create', ready: 'Save' },
  ]) {
    test(`every Tab stop of ${name} shows a ring of at least 3:1 contrast`, async ({ page, context }) => {
      await signedInAs(context, 'alice');
      await page.goto(path);
      await expect(page.getByRole('button', { name: ready }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const missing: string[] = [];
      for (let stop = 0; stop < 30; stop += 1) {
        await page.keyboard.press('Tab');
        const focused = await focusRing(page);
        if (!focused) continue;
        if (!focused.ring || contrast(focused.ring, focused.background) < 3)
          missing.push(`${focused.name}: ${focused.ring ?? 'no ring'} on ${focused.background}`);
      }
      expect(missing).toEqual([]);
    });
  }
});

test.describe('motion', () => {
  for (const { reducedMotion, moves } of [
    { reducedMotion: 'reduce', moves: false },
    { reducedMotion: 'no-preference', moves: true },
  ] as const) {
    test(`antd's drop-downs ${moves ? 'slide' : 'appear at once'} when the reader's system says ${reducedMotion}`, async ({
      page,
      context,
    }) => {
      await page.emulateMedia({ reducedMotion });
      await signedInAs(context, 'alice');
      await page.goto('/issue_report');
      await expect(page.getByLabel('Severity')).toBeVisible();
      // The animation length of every element that enters with one of antd's motion classes is recorded, however
      // fast the motion ends.
      await page.evaluate(() => {
        const durations: string[] = [];
        const MOTION = '[class*="-appear"], [class*="-enter"]';
        new MutationObserver((records) => {
          for (const record of records) {
            const nodes = [record.target, ...record.addedNodes].filter((node) => node instanceof Element);
            for (const node of nodes)
              for (const element of [node, ...node.querySelectorAll(MOTION)])
                if (element.matches(MOTION)) durations.push(getComputedStyle(element).animationDuration);
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['class'],
        });
        Object.assign(window, { durations });
      });
      await page.getByLabel('Severity').click();
      await expect(page.getByTitle('High', { exact: true })).toBeVisible();
      const durations = await page.evaluate(() => (window as unknown as { durations: string[] }).durations);
      expect(durations.length).toBeGreaterThan(0);
      expect(durations.some((duration) => parseFloat(duration) > 0)).toBe(moves);
    });
  }
});
