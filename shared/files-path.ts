/** Where the API serves a stored file by its key (server/api/files.ts): `{FILES_PATH}/{key}`. */
export const FILES_PATH = '/api/v2/files';
