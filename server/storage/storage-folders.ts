/**
 * The folders of the FileStorage, declared once, each with whether `GET /api/v2/files` serves its files to anyone
 * who has the key. Every stored key lies in a declared folder: `storageKey` is the only way to make the key
 * `FileStorage.putFile` takes, and it takes a declared folder, never a free string. A folder is private unless it
 * is declared served (server/http/stored-files.ts serves only keys in served folders).
 */

/** A declared folder: its key prefix (without the trailing slash) and whether the public files route serves it. */
interface FolderDeclaration {
  readonly path: string;
  readonly served: boolean;
}

export const STORAGE_FOLDERS = {
  /** Source files of models, reached only through the model's download. */
  modelSources: { path: 'models', served: false },
  /** Source files of library items, reached only through the item's download. */
  libraryItemSources: { path: 'library-items', served: false },
  /** Archives of material imports, read by the import's processing only. */
  materialImports: { path: 'material-imports', served: false },
  /** Files of downloads (`GET /downloads/{id}/download`); the seed's under `downloads/demo/`. */
  downloads: { path: 'downloads', served: false },
  /** Files of list exports (`GET /list-exports/{id}/download`, for the user who asked). */
  listExports: { path: 'list-exports', served: false },
  /** Unfinished resumable uploads: the tus store's working folder, written by the tus server, never `putFile`. */
  resumableUploads: { path: 'uploads', served: false },

  /** The viewer's glb of a processed model or library item (`converted/{table}/…`). */
  converted: { path: 'converted', served: true },
  /** Drawn previews of processed models, library items and materials (`previews/{table}/…`, with their @2x). */
  previews: { path: 'previews', served: true },
  /** The viewer's texture of a material. */
  materialTextures: { path: 'materials/textures', served: true },
  /** Uploaded preview images of materials. */
  materialPreviews: { path: 'materials/previews', served: true },
  /** Uploaded preview images of material categories. */
  materialCategoryPreviews: { path: 'materials/categories/previews', served: true },
  /** Uploaded preview images of libraries. */
  libraryPreviews: { path: 'libraries', served: true },
  /** Preview images of projects (uploaded, or copied from a model's preview). */
  projectPreviews: { path: 'projects', served: true },
  /** Profile images of users. */
  profileImages: { path: 'profile-images', served: true },
  /** Company logos set by the platform admin. */
  adminCompanyLogos: { path: 'logos', served: true },
  /** Company logos set by the company itself (my company). */
  companyLogos: { path: 'company-logos', served: true },
  /** Company background images set by the company itself (my company). */
  companyBackgrounds: { path: 'company-backgrounds', served: true },
  /** Screenshots of issue reports. */
  issueScreenshots: { path: 'issue-reports', served: true },
  /** Screenshots of changelog items. */
  changelogScreenshots: { path: 'changelog', served: true },
} as const satisfies Record<string, FolderDeclaration>;

/** One of the declared folders (a free string or a folder of one's own is no StorageFolder). */
export type StorageFolder = (typeof STORAGE_FOLDERS)[keyof typeof STORAGE_FOLDERS];

declare const inDeclaredFolder: unique symbol;
/** A key inside a declared folder: what `FileStorage.putFile` takes; only `storageKey` makes one. */
export type StorageKey = string & { readonly [inDeclaredFolder]: true };

/** The key of `name` (may hold further folders, e.g. `project_models/….glb`) in a declared folder. */
export const storageKey = (folder: StorageFolder, name: string): StorageKey =>
  `${folder.path}/${name}` as StorageKey;

const DECLARED: readonly StorageFolder[] = Object.values(STORAGE_FOLDERS);

/** The declared folder a key lies in, or undefined when it lies in none. */
export const folderOf = (key: string): StorageFolder | undefined =>
  DECLARED.find((folder) => key.startsWith(`${folder.path}/`));
