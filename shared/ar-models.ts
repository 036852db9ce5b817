/**
 * AR (issue 45): the pipeline writes a USDZ beside the viewer's glb of every processed version (server/geometry/
 * usdz-export.ts) under the same name, `converted/{table}/{uuid}.usdz` beside `….glb`, so the glb's key names both;
 * its figures carry `usdz_bytes` when it has one. iPhones and iPads place the USDZ in the room (AR Quick Look),
 * Android's Scene Viewer the glb. A computer shows a QR code of the version's AR page, `/ar/{table}/{uuid}`, a
 * public page (like the files it names, public by their unguessable keys) that a phone opens without signing in.
 */
import { FILES_PATH } from './files-path';
import { AR_PAGE_PATH } from './public-screens';

/** The largest model (triangles as drawn) that gets a USDZ: AR on a phone stays smooth well below it. */
export const AR_TRIANGLES_MAX = 500_000;

/** The key or URL of the USDZ beside a viewer glb. */
export const usdzKeyOf = (glbKeyOrUrl: string) => glbKeyOrUrl.replace(/\.glb$/, '.usdz');

/** A processed file's table (the folder its converted files lie in) and a converted file's name. */
const TABLE = /^[a-z_]+$/;
const CONVERTED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The AR page's path of a viewer glb's URL (`…/converted/{table}/{uuid}.glb`), or null for any other URL. */
export function arPagePath(glbUrl: string): string | null {
  const found = /\/converted\/([^/]+)\/([^/]+)\.glb$/.exec(glbUrl);
  return found && arFiles(found[1]!, found[2]!) ? `${AR_PAGE_PATH}/${found[1]}/${found[2]}` : null;
}

/**
 * The files an AR page shows, by its path's table and name; null when they are not of that form. A table of no
 * processed files names no stored file: its files answer 404, as an unknown name's do.
 */
export function arFiles(table: string, name: string): { glb: string; usdz: string; preview: string } | null {
  if (!TABLE.test(table) || !CONVERTED_NAME.test(name)) return null;
  return {
    glb: `${FILES_PATH}/converted/${table}/${name}.glb`,
    usdz: `${FILES_PATH}/converted/${table}/${name}.usdz`,
    preview: `${FILES_PATH}/previews/${table}/${name}.webp`,
  };
}
