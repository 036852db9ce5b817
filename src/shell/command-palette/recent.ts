/**
 * The palette's recently opened screens and records (issue 33): kept in localStorage per user, company and
 * platform, newest first, each path once, at most `RECENT_LIMIT`. Only what is needed to offer it again is kept (its
 * path, what it is called, and whether it is a screen or a record with its search group); a stored list that cannot
 * be read counts as empty.
 */
export const RECENT_LIMIT = 8;

export interface RecentEntry {
  kind: 'screen' | 'record';
  path: string;
  /** A screen's translation key below `screens.`, or a record's name as found. */
  label: string;
  /** A record's search group (`groups.<group>` in search.json). */
  group?: string;
}

export interface RecentScope {
  userId: number | string;
  company: string | null;
  platform: string;
}

export const recentStorageKey = ({ userId, company, platform }: RecentScope) =>
  `commandPalette.recent.${company ?? '-'}.${platform}.${userId}`;

const isEntry = (value: unknown): value is RecentEntry => {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    (entry.kind === 'screen' || entry.kind === 'record') &&
    typeof entry.path === 'string' &&
    entry.path.startsWith('/') &&
    typeof entry.label === 'string' &&
    (entry.group === undefined || typeof entry.group === 'string')
  );
};

export function readRecent(scope: RecentScope, storage: Storage = localStorage): RecentEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(recentStorageKey(scope)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts `entry` first (removing an older one of its path) and keeps the newest `RECENT_LIMIT`. */
export function rememberRecent(
  scope: RecentScope,
  entry: RecentEntry,
  storage: Storage = localStorage,
): RecentEntry[] {
  const entries = [entry, ...readRecent(scope, storage).filter((item) => item.path !== entry.path)].slice(
    0,
    RECENT_LIMIT,
  );
  try {
    storage.setItem(recentStorageKey(scope), JSON.stringify(entries));
  } catch {
    // A full or refused storage only loses the list.
  }
  return entries;
}
