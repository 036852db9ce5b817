/**
 * The Filter panel of every list (spec 2 §2, §5, §9): search (required, applied 250 ms after typing stops), rows
 * per page 5–25, the list's own filters, and Reset (rows per page 5, page 1, empty search).
 */
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDeclaration, FilterOption } from '@/resources/types';
import { type ListState, PAGE_SIZES } from './list-state';

export const SEARCH_DEBOUNCE_MS = 250;

interface FilterPanelProps {
  ns: string;
  state: ListState;
  filters: FilterDeclaration[];
  /** The last list response, for filters whose options come from it. */
  response: { meta_data?: unknown } | undefined;
  onChange(patch: Partial<ListState>): void;
  onReset(): void;
}

function optionsOf(filter: FilterDeclaration, response: { meta_data?: unknown } | undefined): FilterOption[] {
  return typeof filter.options === 'function' ? filter.options(response ?? {}) : filter.options;
}

export function FilterPanel({ ns, state, filters, response, onChange, onReset }: FilterPanelProps) {
  const { t } = useTranslation(ns);
  const { t: tl } = useTranslation('lists');
  const [search, setSearch] = useState(state.search);
  const searchId = useId();

  // The URL may change the search from outside (reset, back/forward): follow it.
  const [shown, setShown] = useState(state.search);
  if (shown !== state.search) {
    setShown(state.search);
    setSearch(state.search);
  }

  useEffect(() => {
    if (search === state.search) return;
    const timer = window.setTimeout(() => onChange({ search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, state.search, onChange]);

  return (
    <Form layout="vertical" className="filter-panel" role="search" aria-label={tl('filterPanel')}>
      <Form.Item
        label={tl('search')}
        htmlFor={searchId}
        required
        validateStatus={search.trim() ? undefined : 'warning'}
        className="filter-panel__search"
      >
        <Input
          id={searchId}
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={tl('searchPlaceholder')}
          value={search}
          aria-required
          onChange={(event) => setSearch(event.target.value)}
        />
      </Form.Item>
      {filters.map((filter) => (
        <Form.Item key={filter.key} label={t(filter.labelKey)} className="filter-panel__filter">
          <Select
            aria-label={t(filter.labelKey)}
            allowClear
            mode={filter.multiple ? 'multiple' : undefined}
            placeholder={tl('any')}
            value={filter.multiple ? (state.filters[filter.key] ?? []) : state.filters[filter.key]?.[0]}
            options={optionsOf(filter, response).map((option) => ({
              value: option.value,
              label: option.label ?? t(option.labelKey ?? option.value),
            }))}
            onChange={(value: string | string[] | undefined) =>
              onChange({
                filters: {
                  ...state.filters,
                  [filter.key]: value === undefined ? [] : Array.isArray(value) ? value : [value],
                },
              })
            }
          />
        </Form.Item>
      ))}
      <Form.Item label={tl('rowsPerPage')} className="filter-panel__size">
        <Select
          aria-label={tl('rowsPerPage')}
          value={state.perPage}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          onChange={(perPage: number) => onChange({ perPage })}
        />
      </Form.Item>
      <Form.Item label=" " className="filter-panel__reset">
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
          {tl('reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
