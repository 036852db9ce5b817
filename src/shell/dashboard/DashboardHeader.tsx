/** Greeting by time of day with the user's name and picture, and a live clock. */
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@shared/session';
import { clockTime, longDate } from '@/lib/intl-formats';
import { Avatar } from '@/ui/Avatar';
import { greetingPeriod } from './greeting';
import { useNow } from './useNow';

export function DashboardHeader({ user }: { user: SessionUser | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const now = useNow(1000);
  const locale = i18n.resolvedLanguage ?? 'en';
  const name = user?.name ?? '';

  return (
    <header className="dashboard-header">
      <div className="dashboard-greeting">
        <Avatar name={name} src={user?.profile_image || undefined} size={64} className="dashboard-avatar" />
        <div>
          <h1 className="dashboard-greeting-title">{t(`greeting.${greetingPeriod(now)}`, { name })}</h1>
          <span className="dashboard-subtitle">{t('subtitle')}</span>
        </div>
      </div>
      <div className="dashboard-clock" aria-label={t('clock.label')} role="group">
        <time className="dashboard-clock-time" dateTime={now.toISOString()}>
          {clockTime(now, locale)}
        </time>
        <span className="dashboard-clock-date">{longDate(now, locale)}</span>
      </div>
    </header>
  );
}
