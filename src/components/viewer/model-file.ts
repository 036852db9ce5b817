/**
 * The model file the viewer is about to show, fetched while the viewer's chunk (three.js) arrives and its WebGL
 * context starts, rather than after both (Viewer3D.tsx starts it, ModelViewer.tsx takes it). One file is held at a
 * time: a newer one replaces it, and the viewer takes it when it mounts.
 */
let pending: { url: string; file: Promise<ArrayBuffer> } | null = null;

function download(url: string): Promise<ArrayBuffer> {
  const file = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  });
  // A failure is the viewer's to show when it awaits the file (a viewer without WebGL never does): until then it is
  // no unhandled rejection.
  file.catch(() => undefined);
  return file;
}

/** Starts fetching the file at `url` (once, however often it is asked). */
export function prefetchModelFile(url: string): void {
  if (pending?.url === url) return;
  pending = { url, file: download(url) };
}

/** The file at `url`: the one fetched ahead if it is that one, else fetched now. */
export function takeModelFile(url: string): Promise<ArrayBuffer> {
  if (pending?.url !== url) return download(url);
  const { file } = pending;
  pending = null;
  return file;
}
