/** Keyboard focus helpers of the overlays (dialogs, popovers). */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements in `container` that Tab reaches, in document order. */
export function focusableIn(container: Element | null): HTMLElement[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
}

/** The element Tab reaches after `element` in the page, skipping anything inside `skip`. */
export function nextFocusableAfter(element: HTMLElement, skip?: Element | null): HTMLElement | undefined {
  const all = focusableIn(document.body).filter((candidate) => !skip?.contains(candidate));
  return all.find(
    (candidate) =>
      candidate !== element &&
      !element.contains(candidate) &&
      element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
}
