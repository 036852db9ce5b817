/**
 * The recycling bin, /tools/trash (spec 2 Tools, §4, §9). Its own page, as it is no entity's list: a tab per
 * declared resource with `recyclingBin` (in their declared order, where the user holds the resource's
 * permission), each listing that resource's trashed rows (TrashTab). The header's Filter button (with the count of
 * the open tab's filters) opens the open tab's Filter panel (spec 2 §2: every list has one), its 'Views' menu the open tab's saved views (issue 33). `?tab=` keeps the open tab; the banner
 * 'Restored successfully' shows for 3 s. Six tabs do not fit a phone, and a tab list scrolling sideways hid the
 * last ones behind a faint shadow: below antd's `md` the choice is a labelled select of the same entries.
 */
import { Tabs } from 'antd';
import { RESTORE_ABILITY } from '@shared/abilities';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { PageHeader } from '@/components/PageHeader';
import { ResultBanner } from '@/components/ResultBanner';
import { useResultBanner } from '@/components/useResultBanner';
import { isPermitted } from '@/lib/permissions';
import { deployment } from '@/lib/runtime-config';
import { useAuthorization } from '@/providers/useAuthorization';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';
import { Alert } from '@/ui/Alert';
import { Select } from '@/ui/Select';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { FilterToggle } from '../list/FilterToggle';
import { TrashTab } from './TrashTab';
import '@/components/page.css';
import './recycling-bin.css';

/** The resources with a tab in the bin, in the tabs' order. */
export const binResources = (resources: readonly ResourceDeclaration[]) =>
  resources
    .filter((resource) => resource.recyclingBin)
    .sort((a, b) => a.recyclingBin!.order - b.recyclingBin!.order);

export default function RecyclingBinPage() {
  const { t } = useTranslation('recycling-bin');
  const { user } = useAuthorization();
  const platform = deployment.host.platform;
  const [params, setParams] = useSearchParams();
  const { banner, show, dismiss, hold } = useResultBanner();
  const narrow = useMediaQuery('(max-width: 767px)');
  // Open at first when the URL already searches a tab (a shared or reloaded link).
  const [filterOpen, setFilterOpen] = useState(() =>
    [...params.keys()].some((key) => key.endsWith('.search')),
  );
  const filterButton = useRef<HTMLButtonElement>(null);
  // Where the open tab shows its 'Views' menu (issue 33): the header, beside Filter.
  const [viewsSlot, setViewsSlot] = useState<HTMLElement | null>(null);
  // The open tab's filters in effect, for the Filter button (issue 42); a tab reports its own as it opens.
  const [filterCount, setFilterCount] = useState(0);

  if (!isPermitted(user, platform, { ability: 'access-recycling-bin' })) return <ForbiddenPage />;
  const tabs = binResources(RESOURCES).filter((resource) => isPermitted(user, platform, resource.permission));
  const canRestore = isPermitted(user, platform, { ability: RESTORE_ABILITY });
  const active = tabs.find((resource) => resource.recyclingBin!.tabKey === params.get('tab')) ?? tabs[0];
  const label = (resource: ResourceDeclaration) => t(`tabs.${resource.recyclingBin!.tabKey}`);
  const open = (tab: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  const filter = {
    onFilterCount: setFilterCount,
    focusAfterReset: () => filterButton.current?.focus(),
    filterOpen,
    onFilterClose: () => {
      setFilterOpen(false);
      filterButton.current?.focus();
    },
  };

  return (
    <section className="list-page recycling-bin" aria-labelledby="recycling-bin-title">
      <PageHeader
        title={<span id="recycling-bin-title">{t('title')}</span>}
        actions={[
          !!active && {
            key: 'filter',
            part: 'filter',
            node: (
              <FilterToggle
                ref={filterButton}
                open={filterOpen}
                activeCount={filterCount}
                onToggle={() => setFilterOpen((isOpen) => !isOpen)}
              />
            ),
          },
          !!active && {
            key: 'views',
            part: 'filter',
            node: <span ref={setViewsSlot} className="recycling-bin__views" />,
          },
        ]}
      />
      <p className="recycling-bin__intro">{t('intro')}</p>
      <ResultBanner banner={banner} onClose={dismiss} hold={hold} />
      {active && narrow ? (
        <div className="recycling-bin__card recycling-bin__card--picker">
          <label className="recycling-bin__picker">
            <span>{t('show')}</span>
            <Select
              value={active.recyclingBin!.tabKey}
              options={tabs.map((resource) => ({
                value: resource.recyclingBin!.tabKey,
                label: label(resource),
              }))}
              onChange={(tab) => {
                if (tab) open(tab);
              }}
            />
          </label>
          <TrashTab
            key={active.name}
            resource={active}
            canRestore={canRestore}
            onResult={show}
            viewsIn={viewsSlot}
            {...filter}
          />
        </div>
      ) : active ? (
        <div className="recycling-bin__card">
          <Tabs
            activeKey={active.recyclingBin!.tabKey}
            onChange={open}
            destroyOnHidden
            items={tabs.map((resource) => ({
              key: resource.recyclingBin!.tabKey,
              label: label(resource),
              children: (
                <TrashTab
                  resource={resource}
                  canRestore={canRestore}
                  onResult={show}
                  viewsIn={resource === active ? viewsSlot : undefined}
                  {...filter}
                  onFilterCount={resource === active ? setFilterCount : undefined}
                />
              ),
            }))}
          />
        </div>
      ) : (
        <Alert type="info" message={t('noTabs')} />
      )}
    </section>
  );
}
