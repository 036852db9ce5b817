/**
 * The dialog of a bulk move into containers (spec 2 §5, §7, §8: materials into categories, items into
 * libraries): the target containers (one or more) and the toggle 'Remove from current category', off by
 * default. With a single record, or without a target, the removal flag is sent as 1. Sends
 * `{targetsField}[n][id]` and `{removeField}` beside the selected records (a bulk action's `form`).
 */
import { type BaseRecord, useList } from '@refinedev/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkFormProps } from '@/resources/types';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MultiSelect } from '@/ui/MultiSelect';
import './move-dialog.css';

/** Spec 2 §5: removal is forced (1) for a single record or a move without a target. */
export const removalFlag = (count: number, targets: number, removeChosen: boolean): 0 | 1 =>
  count === 1 || targets === 0 || removeChosen ? 1 : 0;

export interface MoveToContainersProps extends BulkFormProps {
  /** The translation namespace of the texts. */
  ns: string;
  /** The containers' collection (`materials/categories`) and its fields to ask for. */
  containers: { resource: string; fields: string[] };
  /** The body fields: the targets (`categories`) and the removal flag (`remove_from_current_categories`). */
  targetsField: string;
  removeField: string;
  /** Text keys in `ns`: title (with `count`), the targets' label and placeholder, the toggle, the button. */
  texts: { title: string; targets: string; placeholder: string; remove: string; submit: string };
}

export function MoveToContainersDialog({
  count,
  close,
  submit,
  ns,
  containers,
  targetsField,
  removeField,
  texts,
}: MoveToContainersProps) {
  const { t } = useTranslation(ns);
  const { t: tl } = useTranslation('lists');
  const id = useId();
  const [targets, setTargets] = useState<string[]>([]);
  const [remove, setRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  const { result } = useList<BaseRecord>({
    resource: containers.resource,
    pagination: { currentPage: 1, pageSize: 1000 },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { included_fields: containers.fields },
  });
  const options = (result?.data ?? []).map((container) => ({
    value: String(container.id),
    label: String(container.name),
  }));
  const forced = count === 1 || targets.length === 0;

  const move = async () => {
    setBusy(true);
    try {
      await submit({
        [targetsField]: targets.map((target) => ({ id: Number(target) })),
        [removeField]: removalFlag(count, targets.length, remove),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t(texts.title, { count })}
      onClose={() => !busy && close()}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            {tl('cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void move()}>
            {t(texts.submit)}
          </Button>
        </>
      }
    >
      <div className="move-dialog">
        <label id={`${id}-label`} htmlFor={`${id}-targets`} className="filter-field__label">
          {t(texts.targets)}
        </label>
        <MultiSelect
          id={`${id}-targets`}
          labelId={`${id}-label`}
          value={targets}
          options={options}
          placeholder={t(texts.placeholder)}
          emptyText={tl('noOptions')}
          onChange={setTargets}
        />
        <label className="move-dialog__toggle">
          <input
            type="checkbox"
            role="switch"
            checked={forced || remove}
            disabled={forced}
            onChange={(event) => setRemove(event.target.checked)}
          />
          {t(texts.remove)}
        </label>
      </div>
    </Dialog>
  );
}
