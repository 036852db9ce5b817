/**
 * The processor, /processor (spec 2 §Processor, §4, §6, §9). Its own page, as it is no entity's list: the
 * header 'Processor' with the Filter button (the count of the open tab's filters), the open tab's saved views (issue 33: its 'Views' menu, each tab's
 * views apart) and the open tab's buttons (New Model; Import; New Material and
 * Import), and a tab per list of ./processor-tabs.tsx (Materials only with
 * list-materials), each the generic list (`ListView`) of its entity with its own URL parameters (`items.search`),
 * so each tab keeps its page, search, per page and status when another is open, and its Reset touches only its
 * own (a deliberate departure from the original's quirk, spec 2 §9). The open tab is in `?tab=`, or handed over
 * in the navigation state (`{tab: 'items'}`), as is a success banner (3 s). Models and items follow the
 * processor's pushes in place.
 */
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Glyph } from '@/ui/Glyph';
import { Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { deployment } from '@/lib/runtime-config';
import { useAuthorization } from '@/providers/useAuthorization';
import { PROCESSOR_TAB_KEYS, type ProcessorTabKey, visibleTabs } from './processor-tabs';
import { useProcessorLiveUpdates } from './useProcessorLiveUpdates';
import { Button } from '@/ui/Button';
import { FilterToggle } from '../list/FilterToggle';
import { ListView } from '../list/ListView';
import '@/components/page.css';
import './processor.css';

const TAB_PARAM = 'tab';

/** The tab the navigation state names (`navigate('/processor', {state: {tab: 'items'}})`). */
const passedTab = (state: unknown): string | undefined => {
  const tab = (state as { tab?: unknown } | null)?.tab;
  return typeof tab === 'string' ? tab : undefined;
};

/** A tab's filter panel starts open when its URL parameters search or filter. */
const filtered = (params: URLSearchParams, tab: ProcessorTabKey) =>
  params.has(`${tab}.search`) || params.has(`${tab}.status`);

export default function ProcessorPage() {
  const { t } = useTranslation('processor');
  const { user } = useAuthorization();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // Read once: the list clears the navigation state after taking its banner.
  const [requested, setRequested] = useState(() => passedTab(location.state) ?? params.get(TAB_PARAM));
  const [filterOpen, setFilterOpen] = useState<Partial<Record<ProcessorTabKey, boolean>>>({});
  const filterButton = useRef<HTMLButtonElement>(null);
  // Where the open tab's list shows its 'Views' menu (issue 33): the header, beside Filter.
  const [viewsSlot, setViewsSlot] = useState<HTMLElement | null>(null);
  // Each tab's filters in effect, for the Filter button of the open one (issue 42).
  const [filterCounts, setFilterCounts] = useState<Partial<Record<ProcessorTabKey, number>>>({});
  const countFilters = useMemo(
    () =>
      Object.fromEntries(
        PROCESSOR_TAB_KEYS.map((key) => [
          key,
          (count: number) =>
            setFilterCounts((counts) => (counts[key] === count ? counts : { ...counts, [key]: count })),
        ]),
      ) as Record<ProcessorTabKey, (count: number) => void>,
    [],
  );
  useProcessorLiveUpdates();

  const tabs = visibleTabs(user, deployment.host.platform);
  const active = tabs.find((tab) => tab.key === requested) ?? tabs[0];
  const activeFilterOpen = filterOpen[active.key] ?? filtered(params, active.key);

  const openTab = (key: string) => {
    setRequested(key);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <section className="list-page processor" aria-labelledby="processor-title">
      <PageHeader
        title={<span id="processor-title">{t('title')}</span>}
        actions={[
          {
            key: 'filter',
            part: 'filter',
            node: (
              <FilterToggle
                ref={filterButton}
                open={activeFilterOpen}
                controls={`processor-${active.key}-panel`}
                activeCount={filterCounts[active.key] ?? 0}
                onToggle={() => setFilterOpen((open) => ({ ...open, [active.key]: !activeFilterOpen }))}
              />
            ),
          },
          {
            key: 'views',
            part: 'filter',
            node: <span ref={setViewsSlot} className="processor__views" />,
          },
          ...active.buttons.map((button) => ({
            key: button.key,
            part: button.primary ? ('primary' as const) : ('secondary' as const),
            command: { label: t(button.labelKey), run: () => void navigate(button.to) },
            node: (
              <Button
                variant={button.primary ? 'primary' : undefined}
                icon={button.primary ? <Glyph icon={PlusOutlined} /> : undefined}
                onClick={() => navigate(button.to)}
              >
                {t(button.labelKey)}
              </Button>
            ),
          })),
        ]}
      />
      <div className="processor__card">
        <Tabs
          className="processor__tabs"
          activeKey={active.key}
          onChange={openTab}
          destroyOnHidden
          items={tabs.map((tab) => ({
            key: tab.key,
            label: t(`tabs.${tab.key}`),
            children: (
              <div id={`processor-${tab.key}-panel`}>
                <ListView
                  resource={tab.resource}
                  title={t(`tabs.${tab.key}`)}
                  level="section"
                  paramPrefix={tab.key}
                  withHeader={false}
                  filterOpen={tab.key === active.key && activeFilterOpen}
                  onFilterClose={() => {
                    setFilterOpen((open) => ({ ...open, [tab.key]: false }));
                    filterButton.current?.focus();
                  }}
                  viewsIn={tab.key === active.key ? viewsSlot : undefined}
                  onFilterCount={countFilters[tab.key]}
                  screenFilterButton={filterButton}
                  liveMode={tab.live ? 'off' : undefined}
                />
              </div>
            ),
          }))}
        />
      </div>
    </section>
  );
}
