/**
 * Records as a grid of cards (the grid view of a list): each card is what the screen renders for its record,
 * optionally with a selection checkbox and a click that opens the record; an empty text when there are none; a
 * busy state that keeps the cards (dimmed, a spinner).
 */
import './table.css';
import type { HTMLAttributes, ReactNode } from 'react';
import { classNames } from './class-names';
import { RecordCheckbox, type RowSelection } from './DataTable';
import { Spinner } from './Spinner';

export interface CardGridProps<TRecord> {
  records: readonly TRecord[];
  recordKey(record: TRecord): string;
  card(record: TRecord): ReactNode;
  emptyText: ReactNode;
  loading?: boolean;
  selection?: RowSelection<TRecord>;
  /** Attributes of a card's `<li>` (click and keyboard handlers of cards that open something). */
  cardProps?(record: TRecord): HTMLAttributes<HTMLLIElement>;
  /** The grid's accessible name. */
  'aria-labelledby'?: string;
}

export function CardGrid<TRecord>({
  records,
  recordKey,
  card,
  emptyText,
  loading = false,
  selection,
  cardProps,
  'aria-labelledby': labelledBy,
}: CardGridProps<TRecord>) {
  return (
    <div
      className={classNames('ui-cards-wrapper', loading && 'ui-table-wrapper--loading')}
      aria-busy={loading || undefined}
    >
      {records.length === 0 ? (
        <p className="ui-cards__empty">{emptyText}</p>
      ) : (
        <ul className="ui-cards" aria-labelledby={labelledBy}>
          {records.map((record) => {
            const key = recordKey(record);
            const { className, ...attributes } = cardProps?.(record) ?? {};
            return (
              <li
                key={key}
                data-card-key={key}
                className={classNames(
                  'ui-card',
                  selection?.selected.has(key) && 'ui-card--selected',
                  className,
                )}
                {...attributes}
              >
                {selection && (
                  <span className="ui-card__selection">
                    <RecordCheckbox selection={selection} record={record} recordKey={key} />
                  </span>
                )}
                {card(record)}
              </li>
            );
          })}
        </ul>
      )}
      {loading && (
        <span className="ui-table__spinner">
          <Spinner />
        </span>
      )}
    </div>
  );
}
