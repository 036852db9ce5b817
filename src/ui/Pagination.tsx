/**
 * Page buttons in antd's Pagination look and order: the range text, previous, the page numbers (all of them up
 * to 7 pages, otherwise the first, the last and two either side of the current one, with '•••' buttons that jump
 * 5 pages), next. A `<nav>` with a name; the current page is `aria-current="page"`.
 */
import './table.css';
import DoubleLeftOutlined from '@ant-design/icons-svg/es/asn/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { Glyph } from './Glyph';
import type { ReactNode } from 'react';
import { classNames } from './class-names';

export type PageItem = number | 'jump-back' | 'jump-forward';

/** Pages on either side of the current one. */
const BUFFER = 2;
/** How far a '•••' button jumps. */
export const JUMP = 5;

/** The buttons between previous and next, as antd lays them out. */
export function pageItems(current: number, pageCount: number): PageItem[] {
  const all = Array.from({ length: pageCount }, (_, index) => index + 1);
  if (pageCount <= 3 + BUFFER * 2) return all;
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pageCount);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pageCount - current <= BUFFER) left = pageCount - BUFFER * 2;
  const items: PageItem[] = all.slice(left - 1, right);
  if (current - 1 >= BUFFER * 2 && current !== 1 + 2) items.unshift('jump-back');
  if (pageCount - current >= BUFFER * 2 && current !== pageCount - 2) items.push('jump-forward');
  if (left !== 1) items.unshift(1);
  if (right !== pageCount) items.push(pageCount);
  return items;
}

export interface PaginationLabels {
  /** The navigation's name. */
  navigation: string;
  previous: string;
  next: string;
  jumpBack: string;
  jumpForward: string;
}

interface PageButtonExtra {
  kind?: 'step' | 'jump';
  /** The accessible name (and tooltip) of a button that shows an icon. */
  label?: string;
  disabled?: boolean;
}

export interface PaginationProps {
  /** 1-based. */
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
  labels: PaginationLabels;
  /** The text before the buttons, e.g. '1–5 of 32'. */
  totalText?(range: { from: number; to: number; total: number }): ReactNode;
  className?: string;
}

export function Pagination({
  current,
  pageSize,
  total,
  onChange,
  labels,
  totalText,
  className,
}: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, current), pageCount);
  const go = (to: number) => {
    const target = Math.min(Math.max(1, to), pageCount);
    if (target !== page) onChange(target);
  };
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);

  /** A page button, or (with a label) a button of an arrow or a jump named by that label. */
  const item = (key: string, target: number, content: ReactNode, extra: PageButtonExtra = {}) => (
    <li key={key}>
      <button
        type="button"
        className={classNames('ui-pagination__item', extra.kind && `ui-pagination__item--${extra.kind}`)}
        aria-label={extra.label}
        title={extra.label}
        aria-current={extra.kind === undefined && target === page ? 'page' : undefined}
        disabled={extra.disabled}
        onClick={() => go(target)}
      >
        {content}
      </button>
    </li>
  );

  return (
    <nav className={classNames('ui-pagination', className)} aria-label={labels.navigation}>
      {totalText && <p className="ui-pagination__total">{totalText({ from, to, total })}</p>}
      <ul className="ui-pagination__list">
        {item('previous', page - 1, <Glyph icon={LeftOutlined} />, {
          kind: 'step',
          label: labels.previous,
          disabled: page <= 1,
        })}
        {pageItems(page, pageCount).map((entry) =>
          typeof entry === 'number'
            ? item(String(entry), entry, entry)
            : item(
                entry,
                entry === 'jump-back' ? page - JUMP : page + JUMP,
                <>
                  <span className="ui-pagination__dots" aria-hidden />
                  <span className="ui-pagination__jump-icon" aria-hidden>
                    {entry === 'jump-back' ? (
                      <Glyph icon={DoubleLeftOutlined} />
                    ) : (
                      <Glyph icon={DoubleRightOutlined} />
                    )}
                  </span>
                </>,
                { kind: 'jump', label: entry === 'jump-back' ? labels.jumpBack : labels.jumpForward },
              ),
        )}
        {item('next', page + 1, <Glyph icon={RightOutlined} />, {
          kind: 'step',
          label: labels.next,
          disabled: page >= pageCount,
        })}
      </ul>
    </nav>
  );
}
