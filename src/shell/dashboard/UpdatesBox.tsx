/**
 * The Updates box (spec 1 §2.4): changelog items dated for the current environment, grouped under a long date,
 * newest first; each opens a modal with its type, description and screenshot.
 */
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import { Glyph } from '@/ui/Glyph';
import { useList } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longDate } from '@/lib/intl-formats';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Skeleton } from '@/ui/Skeleton';
import { calendarDay, environmentDate, groupChangelogByDate } from './changelog';
import { ChangelogTypeTag } from './ChangelogTypeTag';
import { DashboardCard } from './DashboardCard';
import { DashboardEmpty } from './DashboardEmpty';
import { currentEnvironment } from './environment';
import type { ChangelogItem } from './types';

export function UpdatesBox() {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tl } = useTranslation('lists');
  const environment = currentEnvironment();
  const { result, query } = useList<ChangelogItem>({
    resource: 'admin/changelog-items',
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const days = useMemo(() => groupChangelogByDate(result.data, environment), [result.data, environment]);
  const [selected, setSelected] = useState<ChangelogItem | null>(null);
  // Admin-written text is not machine-translated: Dutch readers get the Dutch description where there is one.
  const describe = (item: ChangelogItem) =>
    (i18n.resolvedLanguage === 'nl' && item.description_nl) || item.description;
  const dayTitle = (date: string) => longDate(calendarDay(date), i18n.resolvedLanguage);

  return (
    <DashboardCard className="dashboard-updates" titleId="dashboard-updates-title" title={t('updates.title')}>
      <div
        className="dashboard-updates-scroll"
        tabIndex={0}
        role="group"
        aria-labelledby="dashboard-updates-title"
      >
        {query.isLoading ? (
          <Skeleton rows={4} label={tl('loading')} />
        ) : days.length === 0 ? (
          <DashboardEmpty text={t('updates.empty')} />
        ) : (
          days.map((day) => (
            <div key={day.date} className="changelog-day">
              <h5 className="changelog-day-title">{dayTitle(day.date)}</h5>
              <ul className="changelog-list">
                {day.items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="row-button changelog-entry"
                      onClick={() => setSelected(item)}
                    >
                      <ChangelogTypeTag type={item.type} />
                      <span className="changelog-description">{describe(item)}</span>
                      {item.screenshot && (
                        <span className="changelog-screenshot-note">
                          <Glyph icon={CameraOutlined} /> {t('updates.screenshotNote')}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
      <Dialog
        open={!!selected}
        onClose={() => setSelected(null)}
        title={t('updates.modalTitle')}
        footer={<Button onClick={() => setSelected(null)}>{t('updates.close')}</Button>}
        width={640}
      >
        {selected && (
          <div className="changelog-detail">
            <div className="changelog-detail-meta">
              <ChangelogTypeTag type={selected.type} />
              {environmentDate(selected, environment) && (
                <span className="dashboard-secondary">
                  {dayTitle(environmentDate(selected, environment)!)}
                </span>
              )}
            </div>
            <p className="changelog-detail-description">{describe(selected)}</p>
            {selected.screenshot && selected.screenshot_url && (
              <img
                className="changelog-detail-screenshot"
                src={selected.screenshot_url}
                alt={t('updates.screenshotAlt')}
              />
            )}
          </div>
        )}
      </Dialog>
    </DashboardCard>
  );
}
