/**
 * Response shapes shared by every entity, with their schemas: Laravel's paginated list, `{data: {count}}`,
 * single items `{data}`, deletes `{<entity>_name, status}` and bulk actions `{action, success, failed}`. The list
 * and bulk envelopes are the portal's too, so they are declared in shared/envelopes.ts.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { type BulkFailure, type BulkResult, CountSchema } from '../../shared/envelopes';

export {
  BulkResultSchema,
  CountSchema,
  PaginatedSchema,
  type BulkFailure,
  type BulkResult,
} from '../../shared/envelopes';

/** A list endpoint answers the page, or `{data: {count}}` for `count=1`. */
export const ListResponseSchema = <T extends TSchema>(page: T) => Type.Union([page, CountSchema]);

export const DataSchema = <T extends TSchema>(item: T) => Type.Object({ data: item });

/** What a delete answers: `{project_name: 'Harbour Tower', status: 'successfully deleted'}`. */
export const DELETED_STATUS = 'successfully deleted';

/** `nameKey` replaces the `{entity}_name` key where an answer names it otherwise (`{name, status}`). */
export function deletedResponse(entity: string, name: string, nameKey?: string): Record<string, string> {
  return { [nameKey ?? `${entity}_name`]: name, status: DELETED_STATUS };
}

/** A delete's answer; one to the recycling bin also carries the `undo_token` of its user (server/auth/undo-tokens.ts). */
export const DeletedSchema = (entity: string, nameKey?: string) =>
  Type.Object({
    [nameKey ?? `${entity}_name`]: Type.String(),
    status: Type.String(),
    undo_token: Type.Optional(Type.String()),
  });

export const bulkResult = <T>(action: string, success: T[], failed: BulkFailure[]): BulkResult<T> => ({
  action,
  success,
  failed,
});
