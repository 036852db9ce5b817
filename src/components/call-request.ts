/**
 * The refine custom mutation of a declared call (`CallDeclaration`: a row action's, an overview action's): its URL
 * below the tenant API, method and body, with refine's own notifications off (the screen shows the banner).
 */
import type { CallDeclaration } from '@/declarations/types';

export const callRequest = ({
  method,
  path,
  values,
}: Pick<CallDeclaration, 'method' | 'path' | 'values'>) => ({
  url: `/${path}`,
  method,
  values: values ?? {},
  successNotification: false as const,
  errorNotification: false as const,
});
