import type { BaseRecord } from '@refinedev/core';
import type { ResourceDeclaration } from '@/resources/types';

/** The URL of one of a record's screens: a declared route with the record's id in its parameter. */
export const recordPath = (path: string, resource: ResourceDeclaration, record: BaseRecord) =>
  `/${path.replace(`:${resource.idParam}`, encodeURIComponent(String(record.id)))}`;
