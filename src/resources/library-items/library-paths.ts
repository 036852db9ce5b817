/** An item's library (its overview's breadcrumb, where a deleted item's screen goes), or the libraries. */
export const libraryPath = (library: { id: number } | undefined) =>
  library ? `/libraries/${library.id}` : '/libraries';
