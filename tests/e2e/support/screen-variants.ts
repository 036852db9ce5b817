/**
 * The widths and languages a screen is checked at (axe, sideways scroll, screenshots). Every screen is checked at
 * both widths (1440 and 390 px) and in both languages: English at desktop width, and Dutch at phone width, where
 * longer Dutch texts are likeliest to overflow. The other two combinations (the same findings in a frame of the
 * other width) are part of the screenshot review (`npm run test:screenshots`), which checks every combination.
 */
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export type ScreenSize = 'desktop' | 'phone';
export type ScreenLanguage = 'en' | 'nl';

export interface ScreenVariant {
  size: ScreenSize;
  viewport: { width: number; height: number };
  language: ScreenLanguage;
}

const ALL: ScreenVariant[] = [
  { size: 'desktop', viewport: DESKTOP, language: 'en' },
  { size: 'desktop', viewport: DESKTOP, language: 'nl' },
  { size: 'phone', viewport: PHONE, language: 'en' },
  { size: 'phone', viewport: PHONE, language: 'nl' },
];

export const SCREENSHOT_REVIEW = !!process.env.SCREENSHOT_REVIEW;

/** The variants of this run: all four in the screenshot review, else English at desktop and Dutch at phone width. */
export const SCREEN_VARIANTS: ScreenVariant[] = SCREENSHOT_REVIEW
  ? ALL
  : ALL.filter((variant) => (variant.size === 'desktop') === (variant.language === 'en'));

/** The browser locale that goes with a language. */
export const localeOf = (language: ScreenLanguage) => (language === 'nl' ? 'nl-NL' : 'en-GB');

/**
 * Takes a screenshot for the review (`npm run test:screenshots`, which saves every screen's picture under
 * test-results/screenshots); the default run checks the screen without saving one.
 */
export async function reviewScreenshot(take: () => Promise<unknown>): Promise<void> {
  if (SCREENSHOT_REVIEW) await take();
}
