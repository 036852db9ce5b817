/**
 * Comments pinned to a model (issue 45), without TypeBox, for the portal's overview and the server: the kinds of
 * record that carry them, each kind's API collection, who reads them (whoever may see the record) and who writes
 * them (a comment ability of its own), and the limits of a comment.
 */
import { COMMENT_ITEMS_ABILITY, COMMENT_MODELS_ABILITY, type Ability } from './abilities';

/** The kinds of record comments are pinned to: a project's model, a library item. */
export const COMMENTED_RECORD_TYPES = ['model', 'item'] as const;
export type CommentedRecordType = (typeof COMMENTED_RECORD_TYPES)[number];

/**
 * Each kind's API collection (its comments are at `{collection}/{id}/comments`), the ability to read them (the
 * record's own list ability), the ability to write them, and the portal path of its overview.
 */
export const COMMENTED_RECORDS = {
  model: {
    collection: 'projects/models',
    read: 'list-project-models',
    write: COMMENT_MODELS_ABILITY,
    overview: (id: number) => `/projects/models/overview/${id}`,
  },
  item: {
    collection: 'libraries/items',
    read: 'list-library-items',
    write: COMMENT_ITEMS_ABILITY,
    overview: (id: number) => `/libraries/items/overview/${id}`,
  },
} as const satisfies Record<
  CommentedRecordType,
  { collection: string; read: Ability; write: Ability; overview: (id: number) => string }
>;

/** The longest comment. */
export const COMMENT_MAX_LENGTH = 5000;

/** The most users one comment may mention. */
export const COMMENT_MAX_MENTIONS = 20;

/** The query parameter of an overview's address that opens one comment (a mention's notification links to it). */
export const COMMENT_QUERY_PARAMETER = 'comment';

/** The overview's address that opens comment `commentId` of a record. */
export const commentPath = (type: CommentedRecordType, recordId: number, commentId: number) =>
  `${COMMENTED_RECORDS[type].overview(recordId)}?${COMMENT_QUERY_PARAMETER}=${commentId}`;
