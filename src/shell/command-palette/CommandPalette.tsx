/**
 * The command palette (issue 33), loaded when first opened (CommandPaletteLauncher.tsx): a modal dialog of cmdk
 * (on Radix: focus trapped, Escape and a click outside close it) with one input and four groups:
 * - Go to: the screens the user may open (palette-screens.ts, from the route table's sources and their guards);
 * - Records: the term searched in every search group the user may see, with the global search's calls (the
 *   group's list endpoint, `filter[search]`, its sort), 250 ms after the last keystroke; a term that changes
 *   cancels the calls of the one before (react-query drops the query the palette no longer observes, and its
 *   AbortSignal reaches fetch through the data provider); 'Search everywhere' opens the global search;
 * - Recent: the screens and records opened lately, from the palette or any other way (RememberVisits.tsx), per
 *   user and company (recent.ts);
 * - Actions: the current screen's header actions (New …, Import, Invite User), as the page header publishes them
 *   (src/components/header-commands.ts), so only those the screen offers the user.
 * With an empty input the recent entries and the actions come first. A polite live region says how many results
 * there are.
 */
import { useList } from '@refinedev/core';
import { Command } from 'cmdk';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHeaderCommands } from '@/components/header-commands';
import { deployment } from '@/lib/runtime-config';
import { useAuthorization } from '@/providers/useAuthorization';
import { recordTitle, visibleSearchGroups } from '../search/search-groups';
import type { SearchGroup, SearchRecord } from '../search/search-group';
import { searchPath } from '../search/search-path';
import { DEFAULT_SORT, groupSorters, SEARCH_DEBOUNCE_MS } from '../search/search-settings';
import { buildPaletteScreens, mayOpen } from './palette-screens';
import { readRecent, type RecentEntry, type RecentScope, rememberRecent } from './recent';
import './command-palette.css';

/** How the palette was closed: dismissed (Escape, outside), or something in it was opened or run. */
export type PaletteClose = 'dismiss' | 'navigate' | 'run';

/** Records shown per search group. */
export const RECORDS_PER_GROUP = 5;

const PALETTE_SCREENS = buildPaletteScreens();

/** Every word of the input occurs in the text (case-insensitive); an empty input matches everything. */
export function matchesInput(text: string, input: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return input
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface GroupState {
  loading: boolean;
  /** The cmdk values of the group's items, in order. */
  values: string[];
}

const recordValue = (group: SearchGroup, record: SearchRecord) =>
  `record:${group.key}:${String(record.id ?? record.name)}`;
const SEARCH_EVERYWHERE = 'search-everywhere';

interface OpenTarget {
  to: string;
  state?: unknown;
  recent: RecentEntry;
}

function Row({ icon, label, detail }: { icon?: ReactNode; label: string; detail?: string }) {
  return (
    <>
      <span className="command-palette__icon" aria-hidden>
        {icon}
      </span>
      <span className="command-palette__label">{label}</span>
      {detail && <span className="command-palette__detail">{detail}</span>}
    </>
  );
}

/** One search group's matches for the settled term (nothing while it loads, fails or finds none). */
function RecordResults({
  group,
  term,
  rowsOpen,
  onState,
  onOpen,
}: {
  group: SearchGroup;
  term: string;
  rowsOpen: boolean;
  onState(key: string, state: GroupState): void;
  onOpen(target: OpenTarget): void;
}) {
  const { t } = useTranslation('search');
  const { result, query } = useList<SearchRecord>({
    resource: group.resource,
    pagination: { currentPage: 1, pageSize: RECORDS_PER_GROUP },
    sorters: groupSorters(DEFAULT_SORT, group),
    filters: [{ field: 'search', operator: 'contains', value: term }],
    queryOptions: { retry: false },
    liveMode: 'off',
    errorNotification: false,
  });
  const records = query.isSuccess && rowsOpen ? result.data : [];
  const loading = query.isLoading;
  const values = records.map((record) => recordValue(group, record)).join('\n');
  useEffect(() => {
    onState(group.key, { loading, values: values ? values.split('\n') : [] });
  }, [group.key, loading, values, onState]);
  useEffect(() => () => onState(group.key, { loading: false, values: [] }), [group.key, onState]);

  const groupLabel = t(`groups.${group.key}`);
  return records.map((record) => {
    const title = recordTitle(record);
    const target = group.rowTarget(record);
    return (
      <Command.Item
        key={String(record.id ?? record.name)}
        value={recordValue(group, record)}
        onSelect={() =>
          onOpen({
            to: target.to,
            state: target.state,
            recent: { kind: 'record', path: target.to, label: title, group: group.key },
          })
        }
      >
        <Row icon={group.icon} label={title} detail={groupLabel} />
      </Command.Item>
    );
  });
}

export interface CommandPaletteProps {
  open: boolean;
  onClose(how: PaletteClose): void;
}

export default function CommandPalette({ open, onClose }: CommandPaletteProps) {
  const { t } = useTranslation(['commandPalette', 'common', 'search']);
  const navigate = useNavigate();
  const { user, can } = useAuthorization();
  const { platform, company } = deployment.host;
  const [input, setInput] = useState('');
  const typed = input.trim();
  const term = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const commands = useHeaderCommands();

  const scope: RecentScope | null = useMemo(
    () => (user ? { userId: user.id, company, platform } : null),
    [user, company, platform],
  );
  // Read again each time it opens (opening something from it closes it).
  const recent = useMemo(() => (open && scope ? readRecent(scope) : []), [open, scope]);

  const screens = useMemo(
    () => PALETTE_SCREENS.filter((screen) => mayOpen(screen, user, platform)),
    [user, platform],
  );
  // A filter of the declared groups (the same objects each time), so nothing below sees a change.
  const groups = user ? visibleSearchGroups(can, platform) : [];

  const [groupStates, setGroupStates] = useState<Record<string, GroupState>>({});
  const onGroupState = useCallback((key: string, state: GroupState) => {
    setGroupStates((states) =>
      states[key]?.loading === state.loading && states[key]?.values.join('\n') === state.values.join('\n')
        ? states
        : { ...states, [key]: state },
    );
  }, []);

  // The selected item (cmdk's value); one no longer shown gives way to the first shown.
  const [selected, setSelected] = useState('');
  const changeInput = (value: string) => {
    setInput(value);
    setSelected('');
  };

  const close = (how: PaletteClose) => {
    changeInput('');
    onClose(how);
  };

  const openTarget = ({ to, state, recent: entry }: OpenTarget) => {
    if (scope) {
      rememberRecent(scope, entry);
    }
    close('navigate');
    void navigate(to, state === undefined ? undefined : { state });
  };

  const screenLabel = (screen: string) => t(`common:screens.${screen}`);
  const shownScreens = screens.filter((screen) => matchesInput(screenLabel(screen.screen), typed));
  const shownCommands = commands.filter((command) => matchesInput(command.label, typed));
  const openable = new Set(screens.map((screen) => screen.path));
  const recentLabel = (entry: RecentEntry) =>
    entry.kind === 'screen' ? screenLabel(entry.label) : entry.label;
  const shownRecent = recent.filter(
    (entry) =>
      (entry.kind === 'record' || openable.has(entry.path)) && matchesInput(recentLabel(entry), typed),
  );
  const searching = !!term && term === typed;
  const loading = typed !== term || (searching && Object.values(groupStates).some((state) => state.loading));
  const recordValues = searching ? groups.flatMap((group) => groupStates[group.key]?.values ?? []) : [];
  const count = shownScreens.length + shownCommands.length + shownRecent.length + recordValues.length;
  const recentValues = shownRecent.map((entry) => `recent:${entry.path}`);
  const actionValues = shownCommands.map((command, index) => `action:${index}:${command.label}`);
  // With nothing typed, what was opened lately and what this screen offers come before the screens.
  const shown = typed
    ? [
        ...shownScreens.map((screen) => `screen:${screen.path}`),
        ...(searching && groups.length > 0 ? [...recordValues, SEARCH_EVERYWHERE] : []),
        ...recentValues,
        ...actionValues,
      ]
    : [...recentValues, ...actionValues, ...shownScreens.map((screen) => `screen:${screen.path}`)];
  const value = shown.includes(selected) ? selected : (shown[0] ?? '');

  const goTo = shownScreens.length > 0 && (
    <Command.Group heading={t('groups.goTo')}>
      {shownScreens.map((screen) => (
        <Command.Item
          key={screen.path}
          value={`screen:${screen.path}`}
          onSelect={() =>
            openTarget({
              to: screen.path,
              recent: { kind: 'screen', path: screen.path, label: screen.screen },
            })
          }
        >
          <Row icon={screen.icon} label={screenLabel(screen.screen)} />
        </Command.Item>
      ))}
    </Command.Group>
  );
  const recentGroup = shownRecent.length > 0 && (
    <Command.Group heading={t('groups.recent')}>
      {shownRecent.map((entry) => (
        <Command.Item
          key={entry.path}
          value={`recent:${entry.path}`}
          onSelect={() => openTarget({ to: entry.path, recent: entry })}
        >
          <Row
            label={recentLabel(entry)}
            detail={
              entry.group
                ? t(`search:groups.${entry.group}`)
                : entry.kind === 'screen'
                  ? t('recentScreen')
                  : undefined
            }
          />
        </Command.Item>
      ))}
    </Command.Group>
  );
  const actions = shownCommands.length > 0 && (
    <Command.Group heading={t('groups.actions')}>
      {shownCommands.map((command, index) => (
        <Command.Item
          key={`${index}:${command.label}`}
          value={`action:${index}:${command.label}`}
          onSelect={() => {
            close('run');
            command.run();
          }}
        >
          <Row label={command.label} />
        </Command.Item>
      ))}
    </Command.Group>
  );

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close('dismiss');
      }}
      label={t('title')}
      shouldFilter={false}
      value={value}
      onValueChange={setSelected}
      loop
      className="command-palette"
      overlayClassName="command-palette__overlay"
      contentClassName="command-palette__dialog"
    >
      <Command.Input
        className="command-palette__input"
        value={input}
        onValueChange={changeInput}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
      />
      <div role="status" aria-live="polite" className="ui-visually-hidden">
        {loading ? t('searching') : t('results', { count })}
      </div>
      <Command.List className="command-palette__list" label={t('title')}>
        {!typed && recentGroup}
        {!typed && actions}
        {goTo}
        {searching && groups.length > 0 && (
          <Command.Group heading={t('groups.records')}>
            {groups.map((group) => (
              <RecordResults
                key={group.key}
                group={group}
                term={term}
                rowsOpen={!group.rowAbility || can(group.rowAbility)}
                onState={onGroupState}
                onOpen={openTarget}
              />
            ))}
            <Command.Item
              value={SEARCH_EVERYWHERE}
              onSelect={() => {
                close('navigate');
                void navigate(searchPath(term));
              }}
            >
              <Row label={t('searchEverywhere', { term })} />
            </Command.Item>
          </Command.Group>
        )}
        {!!typed && recentGroup}
        {!!typed && actions}
        {loading && <Command.Loading label={t('searching')}>{t('searching')}</Command.Loading>}
        {!loading && count === 0 && <Command.Empty>{t('empty')}</Command.Empty>}
      </Command.List>
      <div className="command-palette__hints" aria-hidden>
        <span>
          <kbd>{t('keys.up')}</kbd>
          <kbd>{t('keys.down')}</kbd> {t('hints.move')}
        </span>
        <span>
          <kbd>{t('keys.enter')}</kbd> {t('hints.open')}
        </span>
        <span>
          <kbd>{t('keys.escape')}</kbd> {t('hints.close')}
        </span>
      </div>
    </Command.Dialog>
  );
}
