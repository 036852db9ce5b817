/**
 * A record's details on its overview (issue 31: one card layout for every overview): a card of labelled values,
 * each label above its value (room for long values on a phone, no colon), the labels muted. The model, library
 * item, material and issue report overviews show their details with it.
 */
import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import './overview-details.css';

export interface OverviewDetail {
  key: string;
  label: ReactNode;
  /** Columns the value takes; `'filled'`: the rest of its row (the whole row, after a full one), at any width. */
  span?: number | 'filled';
  children: ReactNode;
}

/** One value per row below antd's `md`, two from it (antd takes three for the breakpoints a map leaves out). */
const TWO_FROM_MD = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 } as const;

export function OverviewDetails({
  items,
  column = TWO_FROM_MD,
  className,
}: {
  items: OverviewDetail[];
  /** Values per row: two, one below antd's `md` unless the overview says otherwise. */
  column?: DescriptionsProps['column'];
  className?: string;
}) {
  return (
    <div
      className={
        className ? `show-page__card overview-details ${className}` : 'show-page__card overview-details'
      }
    >
      <Descriptions column={column} size="small" layout="vertical" colon={false} items={items} />
    </div>
  );
}
