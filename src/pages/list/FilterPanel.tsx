/**
 * The Filter panel of every list (spec 2 §2, §5, §9): search (required, applied 250 ms after typing stops), rows
 * per page 5–25, the list's own filters, and Reset (rows per page 5, page 1, empty search). Escape in the panel
 * closes it (`onClose`). A required field's asterisk is shown but not read: the field is named 'Search'. The
 * search is marked as missing (its warning outline) only once the user has typed in it and emptied it again, never
 * in a panel just opened (issue 31).
 */
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Glyph } from '@/ui/Glyph';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDeclaration, FilterOption } from '@/declarations/types';
import { Button } from '@/ui/Button';
import { classNames } from '@/ui/class-names';
import { MultiSelect } from '@/ui/MultiSelect';
import { Select } from '@/ui/Select';
import { TextInput } from '@/ui/TextInput';
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
  /** Closes the panel (Escape inside it); the screen returns the focus to its Filter button. */
  onClose?(): void;
}

function optionsOf(filter: FilterDeclaration, response: { meta_data?: unknown } | undefined): FilterOption[] {
  return typeof filter.options === 'function' ? filter.options(response ?? {}) : filter.options;
}

/** A labelled control of the panel; the label's id is `${id}-label` (a MultiSelect names itself by it). */
function FilterField({
  id,
  label,
  required,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={classNames('filter-field', className)}>
      <label id={`${id}-label`} htmlFor={id} className="filter-field__label">
        {required && (
          <span className="filter-field__required" aria-hidden>
            *
          </span>
        )}
        {label}
      </label>
      {children}
    </div>
  );
}

export function FilterPanel({ ns, state, filters, response, onChange, onReset, onClose }: FilterPanelProps) {
  const { t } = useTranslation(ns);
  const { t: tl } = useTranslation('lists');
  const [search, setSearch] = useState(state.search);
  /** The user has typed in the search since the panel opened or was reset. */
  const [typed, setTyped] = useState(false);
  const id = useId();

  /** The searches this field applied whose way back through the URL has not arrived yet, oldest first. */
  const [pending, setPending] = useState<string[]>([]);
  // The URL may change the search from outside (reset, back/forward): follow it. The field's own search coming
  // back is no such change: what the user typed meanwhile stays (on a slow machine a keystroke was lost).
  const [shown, setShown] = useState(state.search);
  if (shown !== state.search) {
    setShown(state.search);
    const own = pending.indexOf(state.search);
    setPending(own >= 0 ? pending.slice(own + 1) : []);
    if (own < 0) {
      setSearch(state.search);
      if (!state.search) setTyped(false);
    }
  }

  useEffect(() => {
    if (search === state.search) return;
    const timer = window.setTimeout(() => {
      setPending((applied) => [...applied, search]);
      onChange({ search });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, state.search, onChange]);

  const setFilter = (key: string, values: string[]) =>
    onChange({ filters: { ...state.filters, [key]: values } });

  return (
    <form
      className="filter-panel"
      role="search"
      aria-label={tl('filterPanel')}
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event: KeyboardEvent<HTMLFormElement>) => {
        // An open select or list closes itself first; the next Escape closes the panel.
        const target = event.target as HTMLElement;
        const insideOpenList = !!target.closest('[aria-expanded="true"], [role="listbox"]');
        if (event.key === 'Escape' && onClose && !event.defaultPrevented && !insideOpenList) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <FilterField id={`${id}-search`} label={tl('search')} required className="filter-panel__search">
        <TextInput
          id={`${id}-search`}
          prefix={<Glyph icon={SearchOutlined} />}
          clearLabel={tl('clearSearch')}
          placeholder={tl('searchPlaceholder')}
          value={search}
          status={typed && !search.trim() ? 'warning' : undefined}
          aria-required
          onChange={(value) => {
            setTyped(true);
            setSearch(value);
          }}
        />
      </FilterField>
      {filters.map((filter) => {
        const fieldId = `${id}-${filter.key}`;
        const options = optionsOf(filter, response).map((option) => ({
          value: option.value,
          label: option.label ?? t(option.labelKey ?? option.value),
          color: option.color,
        }));
        return (
          <FilterField key={filter.key} id={fieldId} label={t(filter.labelKey)}>
            {filter.multiple ? (
              <MultiSelect
                id={fieldId}
                labelId={`${fieldId}-label`}
                value={state.filters[filter.key] ?? []}
                options={options}
                placeholder={tl('any')}
                emptyText={tl('noOptions')}
                onChange={(values) => setFilter(filter.key, values)}
              />
            ) : (
              <Select
                id={fieldId}
                value={state.filters[filter.key]?.[0]}
                options={options}
                placeholder={tl('any')}
                onChange={(value) => setFilter(filter.key, value === undefined ? [] : [value])}
              />
            )}
          </FilterField>
        );
      })}
      <FilterField id={`${id}-size`} label={tl('rowsPerPage')}>
        <Select
          id={`${id}-size`}
          value={state.perPage}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          onChange={(perPage) => perPage !== undefined && onChange({ perPage })}
        />
      </FilterField>
      <div className="filter-field filter-panel__reset">
        <Button
          icon={<Glyph icon={ReloadOutlined} />}
          onClick={() => {
            setTyped(false);
            onReset();
          }}
        >
          {tl('reset')}
        </Button>
      </div>
    </form>
  );
}
