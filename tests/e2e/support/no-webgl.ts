/**
 * For tests on an overview whose 3D view is not their subject (a processed model's or item's history, its
 * reprocessing, its form): the page finds no WebGL 2, so the viewer's chunk is never loaded and the frame keeps the
 * preview picture with its note (src/components/viewer/Viewer3D.tsx). Software WebGL (SwiftShader) would otherwise
 * draw the model on the CPU the test shares with the other workers. The viewer itself: viewer.spec.ts, and the
 * processed model's overview in models.spec.ts.
 */
import type { Page } from '@playwright/test';

export async function withoutWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (window as { WebGL2RenderingContext?: unknown }).WebGL2RenderingContext;
  });
}

/**
 * The frame for tests of the 3D view whose subject is not its size: a desktop layout (the viewer beside the
 * details, above 900 px) with a smaller stage than at Playwright's default 1280 × 720, for software WebGL draws
 * every pixel on the CPU.
 */
export const VIEWER_TEST_VIEWPORT = { width: 960, height: 720 };

/**
 * The bound on the viewer's first frame: software WebGL compiles the shaders on the CPU, and on a busy machine the
 * first frame may take minutes (issue 44 is to speed it up). A bound on waiting, not a delay.
 */
export const VIEWER_READY = { timeout: 150_000 };
