/**
 * Every row of a list's call (its filters, search and sort), read page after page of 500, in its order: what an
 * export writes (export/export-list.ts) and what Select all matching selects. A row that moves between pages while
 * they are read (a record added meanwhile) is taken once. More rows than `limit`: only their total, read from the
 * first page.
 */
import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';

const PAGE_SIZE = 500;

export interface ReadAllRowsRequest {
  getList: DataProvider['getList'];
  /** The list's call (resource, sorters, filters, meta); its pagination is the reader's own. */
  call: Omit<GetListParams, 'pagination'>;
  keyOf(record: BaseRecord): unknown;
  onProgress?(read: number, total: number): void;
}

export async function readAllRows(
  request: ReadAllRowsRequest,
  limit: number,
  pageSize = PAGE_SIZE,
): Promise<{ rows: BaseRecord[] } | { tooLarge: number }> {
  const rows = new Map<unknown, BaseRecord>();
  for (let page = 1; ; page += 1) {
    const answer = await request.getList({
      ...request.call,
      pagination: { currentPage: page, pageSize, mode: 'server' },
    });
    if (answer.total > limit) return { tooLarge: answer.total };
    for (const record of answer.data)
      if (!rows.has(request.keyOf(record))) rows.set(request.keyOf(record), record);
    request.onProgress?.(Math.min(rows.size, answer.total), answer.total);
    if (answer.data.length < pageSize || page * pageSize >= answer.total) break;
  }
  return { rows: [...rows.values()] };
}
