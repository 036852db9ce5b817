/**
 * The dialog of a bulk move into containers (spec 2 §5, §7, §8: items into libraries, materials into categories):
 * the target containers (one or more) and, when several records move, the toggle 'Remove from current category',
 * off by default. With a single record, or without a target, the removal flag is sent as 1. Sends
 * `{field}[n][id]` and `remove_from_current_{field}` beside the selected records (a bulk action's `form`, declared
 * with `moveToContainers`, move-to-containers.tsx).
 *
 * The targets are chosen in the containers' tree (issue 31): nested as they are, each with its path while a search
 * narrows them as one types; archived containers and the one being browsed are no targets (left out, or shown as
 * plain text where a target lies below them). The tree opens inside the dialog, below its button, so it pushes the
 * dialog's own buttons down and never covers them; Escape closes it and leaves the dialog open.
 */
import { type BaseRecord, useList } from '@refinedev/core';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { Glyph } from '@/ui/Glyph';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '@/ui/Button';
import { classNames } from '@/ui/class-names';
import { Dialog } from '@/ui/Dialog';
import { TextInput } from '@/ui/TextInput';
import type { MoveToContainersProps } from './move-to-containers-settings';
import './move-dialog.css';

/** Spec 2 §5: removal is forced (1) for a single record or a move without a target. */
export const removalFlag = (count: number, targets: number, removeChosen: boolean): 0 | 1 =>
  count === 1 || targets === 0 || removeChosen ? 1 : 0;

/** A container as the tree shows it. */
export interface ContainerNode {
  id: string;
  name: string;
  /** The names above it, root first. */
  path: string[];
  /** Whether it may be chosen (not archived, not the current one). */
  target: boolean;
  children: ContainerNode[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The containers as a tree (by `parent_id`, each level by name; one whose parent is not listed is a root), without
 * the branches that hold no target.
 */
export function containerTree(records: readonly BaseRecord[], current: string | undefined): ContainerNode[] {
  const childrenOf = new Map<string | null, BaseRecord[]>();
  const ids = new Set(records.map((record) => String(record.id)));
  for (const record of records) {
    const parent =
      record.parent_id !== null && record.parent_id !== undefined && ids.has(String(record.parent_id))
        ? String(record.parent_id)
        : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), record]);
  }
  const build = (parent: string | null, path: string[], seen: Set<string>): ContainerNode[] =>
    (childrenOf.get(parent) ?? [])
      .map((record) => ({ id: String(record.id), name: String(record.name), record }))
      .filter((entry) => !seen.has(entry.id))
      .sort(byName)
      .map(({ id, name, record }) => ({
        id,
        name,
        path,
        target: id !== current && String(record.status).toUpperCase() !== 'ARCHIVED',
        children: build(id, [...path, name], new Set([...seen, id])),
      }))
      .filter((node) => node.target || node.children.length > 0);
  return build(null, [], new Set());
}

/** The targets whose name holds the search (any case), in tree order. */
export function matchingTargets(tree: readonly ContainerNode[], search: string): ContainerNode[] {
  const needle = search.trim().toLocaleLowerCase();
  return tree.flatMap((node) => [
    ...(node.target && node.name.toLocaleLowerCase().includes(needle) ? [node] : []),
    ...matchingTargets(node.children, search),
  ]);
}

export default function MoveToContainersDialog({
  count,
  close,
  submit,
  returnFocus,
  ns,
  containers,
  field,
  currentParam,
}: MoveToContainersProps) {
  const { t } = useTranslation(ns);
  const { t: tl } = useTranslation('lists');
  const id = useId();
  const current = useParams()[currentParam];
  const [targets, setTargets] = useState<string[]>([]);
  const [remove, setRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const { result, query } = useList<BaseRecord>({
    resource: containers,
    pagination: { currentPage: 1, pageSize: 1000 },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { included_fields: ['id', 'name', 'parent_id', 'status'].map((name) => `${field}.${name}`) },
  });
  const records = result?.data;
  const tree = useMemo(() => containerTree(records ?? [], current), [records, current]);
  const names = useMemo(() => {
    const all = new Map<string, string>();
    const walk = (nodes: readonly ContainerNode[]) =>
      nodes.forEach((node) => {
        all.set(node.id, node.name);
        walk(node.children);
      });
    walk(tree);
    return all;
  }, [tree]);
  const chosen = targets.filter((target) => names.has(target));

  const toggle = (target: string, checked: boolean) =>
    setTargets((before) => (checked ? [...before, target] : before.filter((item) => item !== target)));

  const closeTree = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape closes the tree, not the dialog.
    event.stopPropagation();
    event.preventDefault();
    setOpen(false);
    trigger.current?.focus();
  };

  const move = async () => {
    setBusy(true);
    try {
      await submit({
        [field]: chosen.map((target) => ({ id: Number(target) })),
        [`remove_from_current_${field}`]: removalFlag(count, chosen.length, remove),
      });
    } finally {
      setBusy(false);
    }
  };

  const option = (node: ContainerNode, withPath: boolean) =>
    node.target ? (
      <>
        <label className="ui-multiselect__option">
          <input
            type="checkbox"
            checked={targets.includes(node.id)}
            aria-describedby={withPath && node.path.length ? `${id}-path-${node.id}` : undefined}
            onChange={(event) => toggle(node.id, event.target.checked)}
          />
          <span>{node.name}</span>
        </label>
        {withPath && node.path.length > 0 && (
          <span id={`${id}-path-${node.id}`} className="move-dialog__path">
            {node.path.join(' / ')}
          </span>
        )}
      </>
    ) : (
      <span className="move-dialog__structure">{node.name}</span>
    );

  const branch = (nodes: readonly ContainerNode[]) => (
    <ul className="move-dialog__tree">
      {nodes.map((node) => (
        <li key={node.id}>
          {option(node, false)}
          {node.children.length > 0 && branch(node.children)}
        </li>
      ))}
    </ul>
  );

  const matches = search.trim() ? matchingTargets(tree, search) : null;

  return (
    <Dialog
      open
      title={t('move.title', { count })}
      onClose={() => !busy && close()}
      returnFocus={returnFocus}
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
        <span id={`${id}-label`} className="filter-field__label">
          {t('move.targets')}
        </span>
        <button
          ref={trigger}
          type="button"
          className={classNames('ui-multiselect__trigger', open && 'is-open')}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-expanded={open}
          aria-controls={open ? `${id}-tree` : undefined}
          onClick={() => setOpen(!open)}
          onKeyDown={open ? closeTree : undefined}
        >
          <span
            id={`${id}-value`}
            className={classNames(
              'ui-multiselect__value',
              !chosen.length && 'ui-multiselect__value--placeholder',
            )}
          >
            {chosen.length ? chosen.map((target) => names.get(target)).join(', ') : t('move.placeholder')}
          </span>
          <Glyph icon={DownOutlined} className="ui-multiselect__arrow" />
        </button>
        {open && (
          <div
            id={`${id}-tree`}
            role="group"
            aria-labelledby={`${id}-label`}
            className="move-dialog__picker"
            onKeyDown={closeTree}
          >
            <TextInput
              value={search}
              onChange={setSearch}
              aria-label={t('move.search')}
              placeholder={t('move.search')}
              clearLabel={tl('clearSearch')}
              // The tree opens on the press of its button: the search is where the keyboard goes next.
              autoFocus
            />
            <div className="move-dialog__options" aria-busy={query.isLoading || undefined}>
              {query.isLoading ? (
                <p className="ui-multiselect__empty">{tl('loading')}</p>
              ) : matches ? (
                matches.length ? (
                  <ul className="move-dialog__tree">
                    {matches.map((node) => (
                      <li key={node.id}>{option(node, true)}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="ui-multiselect__empty">{tl('noResults')}</p>
                )
              ) : tree.length ? (
                branch(tree)
              ) : (
                <p className="ui-multiselect__empty">{tl('noOptions')}</p>
              )}
            </div>
          </div>
        )}
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
