/** The title bar of a management screen: the heading and the screen's buttons. */
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header__title">
        <h1>{title}</h1>
        {children}
      </div>
      {extra && <div className="page-header__actions">{extra}</div>}
    </header>
  );
}

/** The title bar of one part of a screen (a tree browser's lists): an h2 with the part's buttons. */
export function SectionHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <header className="page-header page-header--section">
      <div className="page-header__title">
        <h2>{title}</h2>
      </div>
      {extra && <div className="page-header__actions">{extra}</div>}
    </header>
  );
}
