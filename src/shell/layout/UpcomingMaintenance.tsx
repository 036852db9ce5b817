/**
 * Announces planned maintenance to every signed-in user (spec 2 Admin): the windows that start within a day or
 * are under way (`GET /planned-maintenance/upcoming`, checked again every 10 minutes), each in a banner the user
 * can dismiss (remembered per window in localStorage, so an edited window is announced again). Only this check
 * is part of the layout every screen loads; the banner itself, its texts and its styles load when there is
 * something to announce.
 */
import type { UpcomingMaintenance as UpcomingWindow } from '@shared/entities/planned-maintenance';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { apiRequest } from '@/providers/http-client';

const MaintenanceBanners = lazy(() => import('./MaintenanceBanners'));

export const DISMISSED_MAINTENANCE_KEY = 'dismissed_maintenance';
const CHECK_EVERY_MS = 10 * 60_000;

/** A window is dismissed as it was announced: editing its times announces it again. */
export const dismissalKey = (window: UpcomingWindow) =>
  `${window.id}@${window.start_datetime}@${window.end_datetime}`;

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_MAINTENANCE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

export function UpcomingMaintenance() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const upcoming = useQuery({
    queryKey: ['shell', 'upcoming-maintenance'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: UpcomingWindow[] }>('/planned-maintenance/upcoming', { signal }),
    refetchInterval: CHECK_EVERY_MS,
    staleTime: CHECK_EVERY_MS / 2,
  });
  const windows = (upcoming.data?.data ?? []).filter((window) => !dismissed.includes(dismissalKey(window)));
  if (!windows.length) return null;

  const dismiss = (window: UpcomingWindow) => {
    const live = new Set((upcoming.data?.data ?? []).map(dismissalKey));
    // Only windows still announced are worth remembering.
    const next = [...dismissed.filter((key) => live.has(key)), dismissalKey(window)];
    localStorage.setItem(DISMISSED_MAINTENANCE_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  return (
    <Suspense fallback={null}>
      <MaintenanceBanners windows={windows} checkedAt={upcoming.dataUpdatedAt} onDismiss={dismiss} />
    </Suspense>
  );
}
