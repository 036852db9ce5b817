/**
 * What a list shows of its filtered state beside its Filter button (issue 42), for every list that has one: the
 * list pages (ListView.tsx) and the tabs of the processor and the recycling bin, whose Filter button and Views menu
 * stand in their screen's header. It counts the filters in effect (the search included, a filter the list applies
 * by default not), keeps the remembered saved view (active-view.ts) true to how the list opened, and offers the
 * toolbar's Reset while the list is filtered or in a view: back to the list's defaults, out of the view.
 */
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { Glyph } from '@/ui/Glyph';
import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import { Button } from '@/ui/Button';
import { rememberView, useActiveView } from './active-view';
import { activeFilterCount, type ListDefaults, type ListState } from './list-state';
import type { ListStateHandle } from './useListState';

interface ListResetInput {
  /** The key of the list's saved views; null where the list has none. */
  viewsKey: string | null;
  state: ListState;
  defaults: ListDefaults;
  /** The list's state as a view keeps it. */
  savedState: SavedViewStateValue;
  listState: Pick<ListStateHandle, 'opening' | 'resetToDefaults'>;
  /** Where the focus goes once the list is reset (the Reset button goes away). */
  focusAfterReset(): void;
}

export interface ListReset {
  /** The filters in effect, for the Filter button. */
  filterCount: number;
  /** The toolbar's Reset, or null while there is nothing to reset. */
  resetButton: ReactNode;
}

export function useListReset({
  viewsKey,
  state,
  defaults,
  savedState,
  listState,
  focusAfterReset,
}: ListResetInput): ListReset {
  const { t } = useTranslation('lists');
  const activeView = useActiveView(viewsKey ?? '', savedState);
  const filterCount = activeFilterCount(state, defaults);
  // A list opened with a URL that says nothing of it is in no remembered view (the default's name comes with the
  // menu); before the first paint, so a view from an earlier visit is never shown.
  const { opening, resetToDefaults } = listState;
  useLayoutEffect(() => {
    if (viewsKey && opening !== 'url') rememberView(viewsKey, null);
  }, [opening, viewsKey]);

  const reset = () => {
    if (viewsKey) rememberView(viewsKey, null);
    resetToDefaults();
    focusAfterReset();
  };
  const resetButton =
    filterCount > 0 || (viewsKey && activeView) ? (
      <Button
        variant="text"
        icon={<Glyph icon={ReloadOutlined} />}
        aria-label={t('resetList')}
        onClick={reset}
      >
        {t('reset')}
      </Button>
    ) : null;
  return { filterCount, resetButton };
}
