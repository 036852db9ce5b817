/** A date as '5 minutes ago' in the current language, with the full date and time on hover. */
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/intl-formats';
import { formatRelativeTime } from './relative-time';

export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const value = new Date(date);
  return (
    <time className={className} dateTime={date} title={formatDate(value, locale, true)}>
      {formatRelativeTime(value, new Date(), locale)}
    </time>
  );
}
