/**
 * Libraries and items through the API as alice (acme), for the end-to-end tests that make their own: create a
 * library (optionally under a parent) or an item in one, archive a library through `POST /libraries/update`,
 * reprocess an item, read them back, delete a library; and a list section of the tree browser by its heading.
 */
import { type APIRequestContext, expect, type Page } from './test';
import { API, apiHeaders, sharedSession } from './portal';
import { fbxFile } from './projects-api';

export interface Named {
  id: number;
  name: string;
}

export async function librariesApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('alice');
  const headers = apiHeaders('acme', token);
  const ok = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) => {
    expect(response.status(), await response.text()).toBe(status);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    async libraryId(name: string): Promise<number> {
      const list = await ok<Named[]>(
        await request.get(`${API}/libraries?per_page=25&filter[search]=${encodeURIComponent(name)}`, {
          headers,
        }),
      );
      return list.find((library) => library.name === name)!.id;
    },
    /** The first item whose name holds `search`. */
    async itemFound(search: string): Promise<Named> {
      const list = await ok<Named[]>(
        await request.get(`${API}/libraries/items?filter[search]=${encodeURIComponent(search)}`, { headers }),
      );
      return list[0];
    },
    createLibrary: async (name: string, parentId?: number) =>
      ok<Named>(
        await request.post(`${API}/libraries`, { headers, data: { name, parent_id: parentId ?? null } }),
        201,
      ),
    createItem: async (name: string, libraryId: number) =>
      ok<Named & { status: string }>(
        await request.post(`${API}/libraries/items`, {
          headers,
          multipart: { name, 'libraries[0]': String(libraryId), file: fbxFile(`${name}.fbx`) },
        }),
        201,
      ),
    async archive(libraryId: number) {
      const response = await request.post(`${API}/libraries/update`, {
        headers,
        form: { action: 'archive', 'libraries[0][id]': String(libraryId) },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    /** Deletes a library and everything below it (`POST /libraries/update`, the list's bulk call). */
    async remove(libraryId: number) {
      const response = await request.post(`${API}/libraries/update`, {
        headers,
        form: { action: 'delete', 'libraries[0][id]': String(libraryId) },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async reprocess(id: number) {
      const response = await request.post(`${API}/libraries/items/${id}/reprocess`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    },
    library: async (id: number) =>
      ok<Named & { status: string }>(await request.get(`${API}/libraries/${id}`, { headers })),
    item: async (id: number) =>
      ok<Named & { status: string; libraries: Named[] }>(
        await request.get(`${API}/libraries/items/${id}`, { headers }),
      ),
  };
}

/** One of the tree browser's lists (Libraries, Items), by its heading. */
export const section = (page: Page, title: string) =>
  page
    .locator('section.list-page--section')
    .filter({ has: page.getByRole('heading', { name: title, level: 2 }) });
