/** The loading placeholder of a screen part in antd's Skeleton look (shimmering bars), named for assistive technology. */
import './feedback.css';
import { classNames } from './class-names';

export function Skeleton({
  rows = 3,
  label,
  className,
}: {
  rows?: number;
  label: string;
  className?: string;
}) {
  return (
    <div className={classNames('ui-skeleton', className)} role="status" aria-label={label}>
      <span className="ui-skeleton__title" aria-hidden />
      <ul className="ui-skeleton__paragraph" aria-hidden>
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} />
        ))}
      </ul>
    </div>
  );
}
