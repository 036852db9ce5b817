/** Moving the focus with the arrow keys inside a list of choices (menus, the choices of a MultiSelect). */

/**
 * ArrowDown and ArrowUp move the focus to the next or previous element (wrapping around), Home and End to the
 * first or last; returns whether the key was one of these (its default action is then prevented).
 */
export function moveFocusByKey(
  event: { key: string; preventDefault(): void },
  elements: readonly HTMLElement[],
): boolean {
  const index = elements.indexOf(document.activeElement as HTMLElement);
  const targets: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    Home: 0,
    End: elements.length - 1,
  };
  const target = targets[event.key];
  if (target === undefined) return false;
  event.preventDefault();
  elements[(target + elements.length) % elements.length]?.focus();
  return true;
}
