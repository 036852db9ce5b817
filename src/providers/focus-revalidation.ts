/**
 * Calls back when the tab is the user's again (issue 14): the window regains focus or the page becomes visible.
 * The session is validated again then, so abilities changed meanwhile apply without a reload.
 */
export function onTabReturn(callback: () => void, target: Window = window): () => void {
  const document = target.document;
  const onFocus = () => callback();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') callback();
  };
  target.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
