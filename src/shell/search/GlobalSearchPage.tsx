/**
 * Global search at /global-search?search={term} (spec 1 §2.6): the heading, 'Filter Search', a summary of the
 * matches per category and one result group per category the user may see and has switched on.
 */
import FilterOutlined from '@ant-design/icons-svg/es/asn/FilterOutlined';
import { Glyph } from '@/ui/Glyph';
import { Alert, Badge, Button, Empty, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RequiredAbilities } from '@shared/abilities';
import { useAuthorization } from '@/providers/useAuthorization';
import { useTenant } from '@/shell/tenant/TenantContext';
import { SearchFilterDrawer } from './SearchFilterDrawer';
import { type GroupStatus, SearchGroupResults } from './SearchGroupResults';
import { visibleSearchGroups } from './search-groups';
import type { SearchGroup, SearchGroupKey } from './search-group';
import {
  DEFAULT_SETTINGS,
  isCategoryEnabled,
  loadCategories,
  saveCategories,
  type SearchSettings,
  searchProblem,
} from './search-settings';
import '@/shell/dashboard/surfaces.css';
import './search.css';

type Statuses = Partial<Record<SearchGroupKey, GroupStatus>>;

/** The summary chips and the result groups of one search (remounted for every new search). */
function SearchResults({
  groups,
  term,
  settings,
  can,
  onOpenFilters,
}: {
  groups: readonly SearchGroup[];
  term: string;
  settings: SearchSettings;
  can(ability: RequiredAbilities): boolean;
  onOpenFilters(): void;
}) {
  const { t } = useTranslation('search');
  const [statuses, setStatuses] = useState<Statuses>({});
  const report = useCallback(
    (key: SearchGroupKey, status: GroupStatus) => setStatuses((previous) => ({ ...previous, [key]: status })),
    [],
  );
  const settled = groups.every((group) => statuses[group.key] && statuses[group.key]!.state !== 'loading');
  const nothingFound = settled && groups.every((group) => (statuses[group.key]?.total ?? 0) === 0);
  const summaryGroups = groups.filter((group) => statuses[group.key]?.state !== 'unavailable');

  return (
    <>
      <nav className="search-summary" aria-label={t('summary.label')}>
        {summaryGroups.map((group) => {
          const status = statuses[group.key];
          const found = status?.total ?? 0;
          return (
            <button
              key={group.key}
              type="button"
              className={found ? 'search-chip' : 'search-chip is-empty'}
              disabled={!found}
              onClick={() =>
                document.getElementById(`search-group-${group.key}`)?.scrollIntoView({ behavior: 'smooth' })
              }
            >
              <span aria-hidden>{group.icon}</span>
              <span>{t(`groups.${group.key}`)}</span>
              {status && status.state !== 'loading' ? (
                <Badge count={found} showZero overflowCount={999} className="search-chip-count" />
              ) : (
                <Spin size="small" />
              )}
            </button>
          );
        })}
      </nav>
      {nothingFound && (
        <Empty className="surface-card search-nothing" description={t('noResults', { term })}>
          <Button onClick={onOpenFilters}>{t('filterButton')}</Button>
        </Empty>
      )}
      <div className="search-groups">
        {groups.map((group) => (
          <SearchGroupResults
            key={group.key}
            group={group}
            term={term}
            settings={settings}
            rowsOpen={!group.rowAbility || can(group.rowAbility)}
            onStatus={report}
          />
        ))}
      </div>
    </>
  );
}

export function GlobalSearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const term = (params.get('search') ?? '').trim();
  const authorization = useAuthorization();
  const { host } = useTenant();
  const groups = visibleSearchGroups(authorization.can, host.platform);
  const [settings, setSettings] = useState<SearchSettings>(() => ({
    ...DEFAULT_SETTINGS,
    categories: loadCategories(),
  }));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const problem = searchProblem(term, groups, settings);
  const enabledGroups = groups.filter((group) => isCategoryEnabled(settings, group.key));

  const changeSettings = (next: SearchSettings) => {
    setSettings(next);
    saveCategories(next.categories);
  };
  const changeTerm = useCallback((next: string) => setParams({ search: next }), [setParams]);

  return (
    <div className="search-page">
      <header className="search-page-header">
        <h1>{term ? t('heading', { term }) : t('title')}</h1>
        <Button icon={<Glyph icon={FilterOutlined} />} onClick={() => setFiltersOpen(true)}>
          {t('filterButton')}
        </Button>
      </header>

      {problem ? (
        <Alert
          type="warning"
          showIcon
          className="search-problem"
          message={t(`validation.${problem}`)}
          role="alert"
        />
      ) : (
        <SearchResults
          key={`${term}|${settings.perPage}|${settings.sort}|${enabledGroups.map((group) => group.key).join(',')}`}
          groups={enabledGroups}
          term={term}
          settings={settings}
          can={authorization.can}
          onOpenFilters={() => setFiltersOpen(true)}
        />
      )}

      <SearchFilterDrawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        term={term}
        onTermChange={changeTerm}
        groups={groups}
        settings={settings}
        onSettingsChange={changeSettings}
      />
    </div>
  );
}
