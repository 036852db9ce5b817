/** Sort preferences per list, kept under `user_sorts` in sessionStorage (spec 2 §3); they override the default. */
export const USER_SORTS_KEY = 'user_sorts';

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(USER_SORTS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function storedSort(listKey: string): string | undefined {
  const sort = readAll()[listKey];
  return typeof sort === 'string' && sort ? sort : undefined;
}

export function storeSort(listKey: string, sort: string | undefined): void {
  const all = readAll();
  if (sort) all[listKey] = sort;
  else delete all[listKey];
  sessionStorage.setItem(USER_SORTS_KEY, JSON.stringify(all));
}
