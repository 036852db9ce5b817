/**
 * Whether a list's rows are not yet the answer to what it asks: its first load, or the rows of another page, sort
 * or filter kept while the new ones load. Then the rows are dimmed and not clickable. A refetch of the same rows in
 * the background (a live event: another user's change, a processing step) keeps them as they are and usable: a
 * click on a row that met it would otherwise be lost.
 */
export function awaitingRows(query: { isLoading: boolean; isPlaceholderData: boolean }): boolean {
  return query.isLoading || query.isPlaceholderData;
}
