/**
 * The sort of a grid of cards (spec 1 §9 and spec 2 §9: 'Sort choices: Name, Created, Modified, ascending or
 * descending'): a grid has no column headers to sort by, so it offers the six choices above the cards. A sort
 * chosen otherwise (a column of the list view) shows as 'Other order' until one is picked.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select';
import { primarySort } from './list-state';

/** The six choices as Laravel sort strings, with their texts (`sortBy.*` in lists.json). */
export const GRID_SORTS = [
  { sort: 'name', key: 'name_asc' },
  { sort: '-name', key: 'name_desc' },
  { sort: '-created_at', key: 'created_desc' },
  { sort: 'created_at', key: 'created_asc' },
  { sort: '-updated_at', key: 'modified_desc' },
  { sort: 'updated_at', key: 'modified_asc' },
] as const;

export function GridSort({ sort, onChange }: { sort: string; onChange(sort: string): void }) {
  const { t } = useTranslation('lists');
  const id = useId();
  const primary = primarySort(sort);
  const current = primary && `${primary.order === 'desc' ? '-' : ''}${primary.field}`;
  const chosen = GRID_SORTS.find((choice) => choice.sort === current)?.sort;
  return (
    <div className="list-grid-sort">
      <label htmlFor={id} className="list-grid-sort__label">
        {t('sortBy.label')}
      </label>
      <Select<string>
        id={id}
        value={chosen}
        placeholder={chosen ? undefined : t('sortBy.other')}
        options={GRID_SORTS.map((choice) => ({ value: choice.sort, label: t(`sortBy.${choice.key}`) }))}
        onChange={(value) => value && onChange(value)}
      />
    </div>
  );
}
