/**
 * Issue 31: the interface constants of spec 1 §9 and spec 2 §9, each at the spec's value, named once
 * (src/lib/interface-constants.ts) and used where the interface shows it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resizeForUpload, thumbnailOf } from '@/components/upload/image-resize';
import {
  boundedSize,
  canvasPixelLimit,
  coverCrop,
  IOS_CANVAS_LIMIT,
  isIos,
  SELECT_MENU,
  SKELETON_ANIMATION_SECONDS,
  STORED_IMAGE,
  UPLOAD_PREVIEW,
  UPLOAD_THUMBNAIL,
  uploadThumbnailSide,
  withinCanvasLimit,
} from '@/lib/interface-constants';
import { loadCategories, saveCategories } from '@/shell/search/search-settings';
import { designTokenVariables } from '@/ui/design-tokens';
import { MultiSelect } from '@/ui/MultiSelect';

const css = (file: string) => readFileSync(resolve(process.cwd(), file), 'utf8');

afterEach(() => vi.unstubAllGlobals());

describe("spec 1 §3: 'checkboxStates (checkbox filter state, session storage)'", () => {
  it('keeps the search categories’ checkboxes in session storage under checkboxStates', () => {
    sessionStorage.clear();
    saveCategories({ projects: false });
    expect(JSON.parse(sessionStorage.getItem('checkboxStates')!)).toEqual({
      globalSearch: { projects: false },
    });
    expect(localStorage.getItem('checkboxStates')).toBeNull();
    expect(loadCategories()).toEqual({ projects: false });
  });
});

describe("spec 1 §9: 'Loading skeleton animation: 1.2 s.'", () => {
  it('is the light skeleton’s shimmer and antd’s, through the design token', () => {
    expect(SKELETON_ANIMATION_SECONDS).toBe(1.2);
    expect(designTokenVariables()['--ui-skeleton-duration']).toBe('1.2s');
    expect(css('src/ui/feedback.css')).toMatch(
      /animation: ui-skeleton-shimmer var\(--ui-skeleton-duration\) ease infinite;/,
    );
    expect(css('src/ui/feedback.css')).not.toMatch(/1\.4s/);
    // antd fixes its own at 1.4 s; the portal's style sets the token's over it.
    expect(css('src/styles.css').replace(/\s+/g, ' ')).toMatch(
      /html \.ant-skeleton\.ant-skeleton-active :is\( \.ant-skeleton-title,[^)]*\) \{ animation-duration: var\(--ui-skeleton-duration\); \}/,
    );
  });
});

describe("spec 2 §9: 'select menu max height 300, min 140, page jump 5'", () => {
  it('bounds the menu between 140 and 300 px', () => {
    expect(SELECT_MENU).toEqual({ maxHeight: 300, minHeight: 140, pageJump: 5 });
    expect(designTokenVariables()).toMatchObject({
      '--ui-select-menu-max-height': '300px',
      '--ui-select-menu-min-height': '140px',
    });
    const panel = /\.ui-multiselect__panel \{[^}]*\}/.exec(css('src/ui/form-controls.css'))![0];
    expect(panel.replace(/\s+/g, ' ')).toContain(
      'max-height: min( var(--ui-select-menu-max-height), max(var(--ui-select-menu-min-height), var(--ui-floating-max-height, var(--ui-select-menu-max-height))) );',
    );
  });

  it('moves 5 choices with PageDown and PageUp, stopping at the ends', async () => {
    const options = Array.from({ length: 12 }, (_, index) => ({
      value: String(index + 1),
      label: `Choice ${index + 1}`,
    }));
    function Picker() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <>
          <label id="picker-label" htmlFor="picker">
            Choices
          </label>
          <MultiSelect
            id="picker"
            labelId="picker-label"
            value={value}
            options={options}
            placeholder="Any"
            emptyText="None"
            onChange={setValue}
          />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Picker />);
    screen.getByRole('button', { name: 'Choices Any' }).focus();
    await user.keyboard('{ArrowDown}');
    const choice = (n: number) => screen.getByRole('checkbox', { name: `Choice ${n}` });
    await waitFor(() => expect(choice(1)).toHaveFocus());
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(choice(6)).toHaveFocus());
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(choice(11)).toHaveFocus());
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(choice(12)).toHaveFocus());
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(choice(7)).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(choice(8)).toHaveFocus());
    await user.keyboard('{PageUp}{PageUp}');
    await waitFor(() => expect(choice(1)).toHaveFocus());
  });
});

describe("spec 2 §9: 'Upload component: preview height 250, … image preview min 44, max 256'", () => {
  it('shows the widget’s thumbnail at its own 100 px, within 44 and 256', () => {
    expect(UPLOAD_PREVIEW).toEqual({ height: 250, minHeight: 44, maxHeight: 256 });
    expect(uploadThumbnailSide()).toBe(100);
  });
});

/** A browser's decoder and canvas, recording what the resize asks of them. */
function stubCanvas(width: number, height: number) {
  const drawn: unknown[][] = [];
  const encoded: Array<{ type: string; quality: number }> = [];
  const sizes: Array<{ width: number; height: number }> = [];
  const decodes: unknown[] = [];
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (_file: Blob, options?: { resizeWidth?: number; resizeHeight?: number }) => {
      decodes.push(options);
      return {
        width: options?.resizeWidth ?? width,
        height: options?.resizeHeight ?? height,
        close: () => undefined,
      };
    }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    sizes.push({ width: this.width, height: this.height });
    return { drawImage: (...args: unknown[]) => drawn.push(args.slice(1)) } as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type, quality) => {
    encoded.push({ type: type!, quality: quality as number });
    callback(new Blob(['resized'], { type }));
  });
  return { drawn, encoded, sizes, decodes };
}

describe("spec 2 §9: 'resize 100x100 cover, quality 50; … canvas limit 4096x4096 on iOS' (the widget's thumbnail)", () => {
  it('crops the centre of a picture at the thumbnail’s proportions, drawn at 100×100', () => {
    expect(UPLOAD_THUMBNAIL).toEqual({ width: 100, height: 100, mode: 'cover', quality: 0.5 });
    expect(coverCrop(400, 200)).toEqual({ sx: 100, sy: 0, sw: 200, sh: 200, width: 100, height: 100 });
    expect(coverCrop(300, 900)).toEqual({ sx: 0, sy: 300, sw: 300, sh: 300, width: 100, height: 100 });
    expect(coverCrop(50, 50)).toEqual({ sx: 0, sy: 0, sw: 50, sh: 50, width: 100, height: 100 });
  });

  it('draws the widget’s thumbnail of a chosen picture as its 100×100 cover crop at quality 50', async () => {
    const canvas = stubCanvas(400, 200);
    Object.assign(URL, { createObjectURL: () => 'blob:thumbnail', revokeObjectURL: () => undefined });
    const thumbnail = await thumbnailOf(new File(['x'], 'logo.png', { type: 'image/png' }), false);
    expect(thumbnail).toBe('blob:thumbnail');
    expect(canvas.sizes).toEqual([{ width: 100, height: 100 }]);
    expect(canvas.drawn).toEqual([[100, 0, 200, 200, 0, 0, 100, 100]]);
    expect(canvas.encoded).toEqual([{ type: 'image/png', quality: 0.5 }]);
    expect(await thumbnailOf(new File(['x'], 'anim.gif', { type: 'image/gif' }), false)).toBeNull();
  });

  it('holds a picture within 4096×4096 pixels on iOS only', () => {
    expect(IOS_CANVAS_LIMIT).toEqual({ width: 4096, height: 4096 });
    expect(canvasPixelLimit(true)).toBe(4096 * 4096);
    expect(canvasPixelLimit(false)).toBe(Number.POSITIVE_INFINITY);
    expect(withinCanvasLimit(8192, 8192, canvasPixelLimit(true))).toEqual({ width: 4096, height: 4096 });
    expect(withinCanvasLimit(3000, 2000, canvasPixelLimit(true))).toEqual({ width: 3000, height: 2000 });
    expect(withinCanvasLimit(8192, 8192, canvasPixelLimit(false))).toEqual({ width: 8192, height: 8192 });
    const iphone = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', maxTouchPoints: 5 };
    const ipad = { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 };
    const mac = { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 0 };
    expect([isIos(iphone), isIos(ipad), isIos(mac)]).toEqual([true, true, false]);
  });

  it('decodes a picture beyond 4096×4096 on iOS at that size first; elsewhere whole', async () => {
    const canvas = stubCanvas(8192, 8192);
    await resizeForUpload(new File(['x'], 'huge.jpg', { type: 'image/jpeg' }), true);
    expect(canvas.decodes).toEqual([
      undefined,
      { resizeWidth: 4096, resizeHeight: 4096, resizeQuality: 'high' },
    ]);
    expect(canvas.drawn.at(-1)).toEqual([0, 0, 4096, 4096, 0, 0, 2048, 2048]);
    await resizeForUpload(new File(['x'], 'huge.jpg', { type: 'image/jpeg' }), false);
    expect(canvas.decodes.slice(2)).toEqual([undefined]);
    expect(canvas.drawn.at(-1)).toEqual([0, 0, 8192, 8192, 0, 0, 2048, 2048]);
  });
});

describe('issue 42: the stored picture is the original, held to 2048 px on its longer side', () => {
  it('scales a picture down to 2048 px on its longer side, proportions kept, never up', () => {
    expect(STORED_IMAGE).toEqual({ maxSide: 2048, jpegQuality: 0.85 });
    expect(boundedSize(4000, 1000)).toEqual({ width: 2048, height: 512 });
    expect(boundedSize(1000, 4000)).toEqual({ width: 512, height: 2048 });
    expect(boundedSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(boundedSize(2048, 2048)).toEqual({ width: 2048, height: 2048 });
    expect(boundedSize(10000, 3)).toEqual({ width: 2048, height: 1 });
  });

  it('sends a wide picture whole at 2048×512, a BMP as JPEG at quality 85', async () => {
    const canvas = stubCanvas(4000, 1000);
    const file = await resizeForUpload(new File(['x'], 'photo.bmp', { type: 'image/bmp' }), false);
    expect(canvas.sizes).toEqual([{ width: 2048, height: 512 }]);
    expect(canvas.drawn).toEqual([[0, 0, 4000, 1000, 0, 0, 2048, 512]]);
    expect(canvas.encoded).toEqual([{ type: 'image/jpeg', quality: 0.85 }]);
    expect([file.name, file.type, await file.text()]).toEqual(['photo.jpg', 'image/jpeg', 'resized']);
  });

  it('keeps a small picture’s size and a PNG a PNG (a logo keeps its transparency)', async () => {
    const canvas = stubCanvas(300, 200);
    const png = await resizeForUpload(new File(['x'], 'logo.png', { type: 'image/png' }), false);
    expect(canvas.sizes).toEqual([{ width: 300, height: 200 }]);
    expect(canvas.drawn).toEqual([[0, 0, 300, 200, 0, 0, 300, 200]]);
    expect([png.name, png.type]).toEqual(['logo.png', 'image/png']);
    expect(canvas.encoded).toEqual([{ type: 'image/png', quality: 0.85 }]);
  });

  it('leaves other files and pictures the browser cannot decode as they are, for the upload’s rules to judge', async () => {
    const canvas = stubCanvas(400, 200);
    const gif = new File(['x'], 'anim.gif', { type: 'image/gif' });
    expect(await resizeForUpload(gif, false)).toBe(gif);
    expect(canvas.decodes).toEqual([]);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.'))),
    );
    const broken = new File(['not a jpeg'], 'broken.jpg', { type: 'image/jpeg' });
    expect(await resizeForUpload(broken, false)).toBe(broken);
  });
});
