/**
 * Joins the class names given, leaving out the false and empty ones:
 * `classNames('ui-button', danger && 'ui-button--danger')`.
 */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
