/**
 * Removes what a test made in bulk: every record of a collection that the list's search finds, through the bulk
 * delete (`POST /{collection}/update`), a page of 1,000 at a time until the search finds none.
 */
import type { APIRequestContext } from '@playwright/test';
import { API } from './portal';

/** At most this many pages are deleted (a test's records, not a whole company's). */
const MOST_PAGES = 10;

export async function deleteAllFound(
  request: APIRequestContext,
  headers: Record<string, string>,
  collection: string,
  search: string,
): Promise<void> {
  for (let page = 0; page < MOST_PAGES; page += 1) {
    const listed = (await (
      await request.get(`${API}/${collection}?filter[search]=${encodeURIComponent(search)}&per_page=1000`, {
        headers,
      })
    ).json()) as { data: Array<{ id: number }> };
    if (!listed.data.length) return;
    await request.post(`${API}/${collection}/update`, {
      headers,
      data: { action: 'delete', [collection]: listed.data.map(({ id }) => ({ id })) },
    });
  }
}
