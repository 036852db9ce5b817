/** A small tag in antd's Tag look (a label, a state); what it says is its text. */
import './feedback.css';
import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

export function Tag({ className, children, ...attributes }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={classNames('ui-tag', className)} {...attributes}>
      {children}
    </span>
  );
}
