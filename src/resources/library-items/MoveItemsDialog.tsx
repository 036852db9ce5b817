/**
 * The bulk move of library items (spec 2 §5, §7, §8): the target libraries (one or more) and, when several items
 * move, the toggle 'Remove from current category', off by default. With a single item, or without a target, the
 * removal flag is sent as 1. Sends `libraries[n][id]` and `remove_from_current_libraries` beside the selected items.
 */
import { type BaseRecord, useList } from '@refinedev/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkFormProps } from '../types';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MultiSelect } from '@/ui/MultiSelect';
import './move-items.css';

/** Spec 2 §5: removal is forced (1) for a single item or a move without a target. */
export const removalFlag = (count: number, targets: number, removeChosen: boolean): 0 | 1 =>
  count === 1 || targets === 0 || removeChosen ? 1 : 0;

export default function MoveItemsDialog({ count, close, submit }: BulkFormProps) {
  const { t } = useTranslation('libraryItems');
  const { t: tl } = useTranslation('lists');
  const id = useId();
  const [targets, setTargets] = useState<string[]>([]);
  const [remove, setRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  const { result } = useList<BaseRecord>({
    resource: 'libraries',
    pagination: { currentPage: 1, pageSize: 1000 },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { included_fields: ['libraries.id', 'libraries.name'] },
  });
  const options = (result?.data ?? []).map((library) => ({
    value: String(library.id),
    label: String(library.name),
  }));

  const move = async () => {
    setBusy(true);
    try {
      await submit({
        libraries: targets.map((target) => ({ id: Number(target) })),
        remove_from_current_libraries: removalFlag(count, targets.length, remove),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t('move.title', { count })}
      onClose={() => !busy && close()}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            {tl('cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void move()}>
            {t('move.submit')}
          </Button>
        </>
      }
    >
      <div className="move-dialog">
        <label id={`${id}-label`} htmlFor={`${id}-targets`} className="filter-field__label">
          {t('move.targets')}
        </label>
        <MultiSelect
          id={`${id}-targets`}
          labelId={`${id}-label`}
          value={targets}
          options={options}
          placeholder={t('move.placeholder')}
          emptyText={tl('noOptions')}
          onChange={setTargets}
        />
        {count > 1 && (
          <label className="move-dialog__toggle">
            <input
              type="checkbox"
              role="switch"
              checked={remove}
              onChange={(event) => setRemove(event.target.checked)}
            />
            {t('move.remove')}
          </label>
        )}
      </div>
    </Dialog>
  );
}
