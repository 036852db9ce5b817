/**
 * The portal's one breadcrumb trail (issue 31: one style for the tree browsers and every overview): a navigation
 * landmark with an ordered list, each step a link but the last, the current page (`aria-current`), unless it is
 * still loading. Light (no antd), so the tree browser, which is antd-free, shows the same trail as the overviews.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import './breadcrumbs.css';

export interface Crumb {
  /** What the step reads. */
  name: string;
  /** Where it leads; the last step, the current page, is no link. */
  to?: string;
  /** A React key where two steps could share a path. */
  key?: string;
}

export function Breadcrumbs({
  items,
  label,
  loading,
}: {
  items: Crumb[];
  /** The navigation landmark's name ('Breadcrumb' unless the screen names it). */
  label?: string;
  /** While the current step is still loading, every step shown is a link. */
  loading?: boolean;
}) {
  const { t } = useTranslation('lists');
  return (
    <nav className="breadcrumbs" aria-label={label ?? t('breadcrumbs')} aria-busy={loading || undefined}>
      <ol>
        {items.map((crumb, index) => {
          const current = index === items.length - 1 && !loading;
          return (
            <li key={crumb.key ?? crumb.to ?? `${index}-${crumb.name}`}>
              {current || !crumb.to ? (
                <span aria-current={current ? 'page' : undefined}>{crumb.name}</span>
              ) : (
                <Link to={crumb.to}>{crumb.name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
