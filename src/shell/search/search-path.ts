/** Where the global search lives (spec 1 §2.6). */
export const SEARCH_PATH = '/global-search';
export const searchPath = (term: string) => `${SEARCH_PATH}?search=${encodeURIComponent(term)}`;
