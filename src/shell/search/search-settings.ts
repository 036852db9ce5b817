/**
 * The global search's filter settings (spec 1 §5, §9): categories on/off (kept in session storage under
 * `checkboxStates`, like the other checkbox filters), rows per page, sort and view, and the validation of a search.
 */
import type { CrudSort } from '@refinedev/core';
import type { SearchGroup, SearchGroupKey } from './search-group';

/** Spec 1 §9: the filter menu offers 5, 10, 15, 20, 25 rows; search tables show 25 by default. */
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 15, 20, 25] as const;
export const DEFAULT_ROWS_PER_PAGE = 25;
/** Spec 1 §9: the filter menu's search waits 250 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SORT_CHOICES = [
  'name_asc',
  'name_desc',
  'created_desc',
  'created_asc',
  'modified_desc',
  'modified_asc',
] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];
export const DEFAULT_SORT: SortChoice = 'modified_desc';

export type SearchView = 'list' | 'grid';

export interface SearchSettings {
  /** Switched-off categories are false; a missing key means on. */
  categories: Partial<Record<SearchGroupKey, boolean>>;
  perPage: number;
  sort: SortChoice;
  view: SearchView;
}

export const DEFAULT_SETTINGS: SearchSettings = {
  categories: {},
  perPage: DEFAULT_ROWS_PER_PAGE,
  sort: DEFAULT_SORT,
  view: 'list',
};

const SORT_FIELDS: Record<'name' | 'created' | 'modified', string> = {
  name: 'name',
  created: 'created_at',
  modified: 'updated_at',
};

/** The sort a group sends: the chosen one, except that a group's own default replaces the default choice. */
export function groupSorters(choice: SortChoice, group: Pick<SearchGroup, 'defaultSort'>): CrudSort[] {
  if (choice === DEFAULT_SORT && group.defaultSort) return [{ field: group.defaultSort, order: 'asc' }];
  const [field, order] = choice.split('_') as [keyof typeof SORT_FIELDS, 'asc' | 'desc'];
  return [{ field: SORT_FIELDS[field], order }];
}

export const isCategoryEnabled = (settings: SearchSettings, key: SearchGroupKey) =>
  settings.categories[key] !== false;

export type SearchProblem = 'emptyTerm' | 'allDisabled' | null;

/** Spec 1 §5: a search needs a non-empty term and at least one category switched on. */
export function searchProblem(
  term: string,
  groups: readonly SearchGroup[],
  settings: SearchSettings,
): SearchProblem {
  if (!term.trim()) return 'emptyTerm';
  if (!groups.some((group) => isCategoryEnabled(settings, group.key))) return 'allDisabled';
  return null;
}

export const CHECKBOX_STATES_KEY = 'checkboxStates';
const STORAGE_SECTION = 'globalSearch';

type StoredCheckboxStates = Record<string, unknown>;

function readCheckboxStates(storage: Storage): StoredCheckboxStates {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHECKBOX_STATES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as StoredCheckboxStates) : {};
  } catch {
    return {};
  }
}

export function loadCategories(storage: Storage = sessionStorage): SearchSettings['categories'] {
  const section = readCheckboxStates(storage)[STORAGE_SECTION];
  if (!section || typeof section !== 'object') return {};
  return Object.fromEntries(Object.entries(section).filter(([, value]) => typeof value === 'boolean'));
}

export function saveCategories(
  categories: SearchSettings['categories'],
  storage: Storage = sessionStorage,
): void {
  storage.setItem(
    CHECKBOX_STATES_KEY,
    JSON.stringify({ ...readCheckboxStates(storage), [STORAGE_SECTION]: categories }),
  );
}
