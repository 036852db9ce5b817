/**
 * Asks the server to export a list that is longer than the browser writes itself (issue 46,
 * server/api/list-exports.ts): the list's endpoint and the query its page reads it with (filters, search, sort),
 * the columns the user sees with their headings in the user's language, the format, the file's name and the user's
 * time zone. The job's progress and its download reach the bell (src/shell/notifications/).
 */
import type { GetListParams } from '@refinedev/core';
import type { ListExport, ListExportFormat, ListExportRequest } from '@shared/list-exports';
import type { ColumnDeclaration } from '@/declarations/types';
import { apiRequest, toQueryString } from '@/providers/http-client';
import { apiMeta, listPageQuery } from '@/providers/list-query';
import { ownTimeZone } from './export-files';
import { type ExportContext, exportColumns } from './export-table';

export interface ServerExportRequest {
  /** The list's call (resource, sorters, filters, meta). */
  call: Omit<GetListParams, 'pagination'>;
  columns: readonly ColumnDeclaration[];
  context: ExportContext;
  /** The resource's locale namespace (its statuses' texts). */
  ns: string;
  /** The field of the record's key (`id`, or `name` where the resource is keyed by name). */
  keyField: string;
  format: ListExportFormat;
  name: string;
}

/** The body of `POST /list-exports` for the list's call as it is on screen. */
export function serverExportBody(request: ServerExportRequest): ListExportRequest {
  const { call } = request;
  const query = listPageQuery(apiMeta(call.meta), {
    pagination: { mode: 'off' },
    sorters: call.sorters,
    filters: call.filters,
  });
  return {
    list: `/${call.resource}`,
    query: toQueryString(query),
    columns: exportColumns(request.columns, request.context, request.ns, request.keyField),
    format: request.format,
    name: request.name,
    time_zone: ownTimeZone(),
  };
}

export async function startServerExport(request: ServerExportRequest): Promise<ListExport> {
  const answer = await apiRequest<{ data: ListExport }>('/list-exports', {
    method: 'POST',
    body: serverExportBody(request),
  });
  return answer.data;
}
