/** Being built (issue 4): replaced by the shell engineer working on this area. */
export function GlobalSearchPage() {
  return null;
}
