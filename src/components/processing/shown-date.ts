/** How a processed file's overview shows a date: in the reader's language, or '---' where there is none. */
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/components/cells';

export const NONE = '---';

/** A date and time in the reader's language (to the second with `'seconds'`), or '---'. */
export function useShownDate(detail: true | 'seconds' = true) {
  const { i18n } = useTranslation();
  return (value: string | null | undefined) =>
    value ? formatDate(value, i18n.resolvedLanguage, detail) : NONE;
}
