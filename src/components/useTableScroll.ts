/** A table's sideways scrolling: wide screens fit the table to the page (long texts are cut), narrow ones scroll it. */
import { DESKTOP_QUERY, useMediaQuery } from '@/ui/useMediaQuery';

export function useTableScroll(): { x: 'max-content' } | undefined {
  return useMediaQuery(DESKTOP_QUERY) ? undefined : { x: 'max-content' };
}
