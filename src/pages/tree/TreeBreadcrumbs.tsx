/** A tree browser's breadcrumbs: the root, then each container down to the current one (not a link). */
import { Link } from 'react-router';

export interface Crumb {
  name: string;
  to: string;
}

export function TreeBreadcrumbs({
  label,
  root,
  crumbs,
  loading,
}: {
  /** The navigation landmark's name. */
  label: string;
  root: Crumb;
  crumbs: Crumb[];
  loading?: boolean;
}) {
  const all = [root, ...crumbs];
  return (
    <nav className="tree-breadcrumbs" aria-label={label} aria-busy={loading || undefined}>
      <ol>
        {all.map((crumb, index) => (
          <li key={crumb.to}>
            {index === all.length - 1 && !loading ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.to}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
