/**
 * The names a processed file's downloads are saved under, with their version (issue 45). Without TypeBox, so the
 * overview that names its downloads does not load the schemas (shared/file-versions.ts).
 */

/** A download's file name with its version: `chair.fbx` of version 2 is `chair v2.fbx`, a glb `Chair v2.glb`. */
export function versionedFileName(name: string, version: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} v${version}${name.slice(dot)}` : `${name} v${version}`;
}
