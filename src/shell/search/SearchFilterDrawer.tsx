/**
 * The 'Filter Search' menu (spec 1 §2.6, §5, §9): the search term (required, applied 250 ms after the last
 * keystroke), the categories on or off, rows per page, sort and grid or list view.
 */
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import { Glyph } from '@/ui/Glyph';
import { Button, Checkbox, Drawer, Form, Input, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchGroup } from './search-group';
import {
  DEFAULT_SETTINGS,
  isCategoryEnabled,
  ROWS_PER_PAGE_OPTIONS,
  SEARCH_DEBOUNCE_MS,
  SORT_CHOICES,
  type SearchSettings,
  type SearchView,
  type SortChoice,
} from './search-settings';

interface Props {
  open: boolean;
  onClose(): void;
  term: string;
  onTermChange(term: string): void;
  groups: readonly SearchGroup[];
  settings: SearchSettings;
  onSettingsChange(settings: SearchSettings): void;
}

function SearchTermField({ term, onTermChange }: Pick<Props, 'term' | 'onTermChange'>) {
  const { t } = useTranslation('search');
  const [draft, setDraft] = useState(term);
  const trimmed = draft.trim();

  useEffect(() => {
    if (!trimmed || trimmed === term) return;
    const timer = window.setTimeout(() => onTermChange(trimmed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [trimmed, term, onTermChange]);

  return (
    <Form.Item
      label={t('filters.search')}
      required
      htmlFor="search-filter-term"
      validateStatus={trimmed ? undefined : 'error'}
      help={trimmed ? undefined : t('validation.emptyTerm')}
    >
      <Input
        id="search-filter-term"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        allowClear
        aria-required
        aria-invalid={!trimmed}
      />
    </Form.Item>
  );
}

export function SearchFilterDrawer({
  open,
  onClose,
  term,
  onTermChange,
  groups,
  settings,
  onSettingsChange,
}: Props) {
  const { t } = useTranslation('search');
  const change = (patch: Partial<SearchSettings>) => onSettingsChange({ ...settings, ...patch });
  const enabledCount = groups.filter((group) => isCategoryEnabled(settings, group.key)).length;
  const setAll = (enabled: boolean) =>
    change({ categories: Object.fromEntries(groups.map((group) => [group.key, enabled])) });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('filters.title')}
      width={380}
      destroyOnHidden
      classNames={{ wrapper: 'search-filter-drawer' }}
      footer={
        <div className="search-filter-footer">
          <Button onClick={() => onSettingsChange(DEFAULT_SETTINGS)}>{t('filters.reset')}</Button>
          <Button type="primary" onClick={onClose}>
            {t('filters.done')}
          </Button>
        </div>
      }
    >
      <Form layout="vertical" component="div" requiredMark>
        <SearchTermField term={term} onTermChange={onTermChange} />
        <Form.Item label={t('filters.categories')}>
          <fieldset className="search-filter-categories" aria-label={t('filters.categories')}>
            <Checkbox
              className="search-filter-all"
              checked={enabledCount === groups.length}
              indeterminate={enabledCount > 0 && enabledCount < groups.length}
              onChange={(event) => setAll(event.target.checked)}
            >
              {t('filters.allCategories')}
            </Checkbox>
            {groups.map((group) => (
              <Checkbox
                key={group.key}
                checked={isCategoryEnabled(settings, group.key)}
                onChange={(event) =>
                  change({ categories: { ...settings.categories, [group.key]: event.target.checked } })
                }
              >
                {t(`groups.${group.key}`)}
              </Checkbox>
            ))}
          </fieldset>
        </Form.Item>
        <Form.Item label={t('filters.rowsPerPage')} htmlFor="search-filter-rows">
          <Select<number>
            id="search-filter-rows"
            value={settings.perPage}
            onChange={(perPage) => change({ perPage })}
            options={ROWS_PER_PAGE_OPTIONS.map((value) => ({ value, label: String(value) }))}
          />
        </Form.Item>
        <Form.Item label={t('filters.sort')} htmlFor="search-filter-sort">
          <Select<SortChoice>
            id="search-filter-sort"
            value={settings.sort}
            onChange={(sort) => change({ sort })}
            options={SORT_CHOICES.map((value) => ({ value, label: t(`filters.sorts.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('filters.view')}>
          <Segmented<SearchView>
            block
            value={settings.view}
            onChange={(view) => change({ view })}
            options={[
              { value: 'list', label: t('filters.list'), icon: <Glyph icon={UnorderedListOutlined} /> },
              { value: 'grid', label: t('filters.grid'), icon: <Glyph icon={AppstoreOutlined} /> },
            ]}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
