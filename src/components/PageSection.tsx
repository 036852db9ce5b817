/** A titled card of a screen (a project's models, a model's history): its heading names the region. */
import type { ReactNode } from 'react';

export function PageSection({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `show-page__card ${className}` : 'show-page__card'} aria-labelledby={id}>
      <header className="section-header">
        <h2 className="section-title" id={id}>
          {title}
        </h2>
        {actions && <div className="page-header__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
