/** The undo token a delete to the recycling bin answers (server/auth/undo-tokens.ts), for its one or bulk delete. */
import { undoToken } from '../../auth/undo-tokens';
import type { CrudContext } from './declaration';
import type { RowKey } from './ids';

/** The token of the records of this collection the request's user just sent to the recycling bin. */
export const undoTokenFor = (
  { request, session }: CrudContext,
  collection: string,
  keys: ReadonlyArray<RowKey>,
): string =>
  undoToken(request.server.ctx.config.pusher.secret, {
    companyId: session.company.id,
    userId: session.user.id,
    collection,
    keys,
  });
