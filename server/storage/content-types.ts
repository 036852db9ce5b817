/** File types by extension and by their first bytes, for upload validation and for serving files back. */

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  matz: 'application/zip',
  fbx: 'application/octet-stream',
  glb: 'model/gltf-binary',
  usdz: 'model/vnd.usdz+zip',
  obj: 'text/plain',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
};

export const extensionOf = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
/** Extensions that name the same type as another, as the portal counts them too. */
export { canonicalExtension } from '../../shared/upload-kinds';

/** Content type to serve a stored file with. */
export const contentTypeOf = (name: string) => TYPES[extensionOf(name)] ?? 'application/octet-stream';

const SIGNATURES: Array<{ extension: string; bytes: number[]; offset?: number }> = [
  { extension: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extension: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { extension: 'bmp', bytes: [0x42, 0x4d] },
  { extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46] },
  { extension: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { extension: 'webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
];

/** The type a file's first bytes prove (canonical extension), or null when they match no known signature. */
export function sniffExtension(head: Uint8Array): string | null {
  const match = SIGNATURES.find(({ bytes, offset = 0 }) =>
    bytes.every((byte, index) => head[offset + index] === byte),
  );
  return match?.extension ?? null;
}

/** True for types whose first bytes are recognisable, so a file named like one must also start like one. */
export const hasSignature = (extension: string) =>
  SIGNATURES.some((signature) => signature.extension === extension);
