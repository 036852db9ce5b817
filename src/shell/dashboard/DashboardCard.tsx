/** A titled card of the dashboard: a region named by its heading, with optional controls beside the title. */
import type { HTMLAttributes, PropsWithChildren, ReactNode } from 'react';

interface DashboardCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Unique id of the heading, which names the region. */
  titleId: string;
  title: ReactNode;
  controls?: ReactNode;
}

export function DashboardCard({
  titleId,
  title,
  controls,
  className,
  children,
  ...rest
}: PropsWithChildren<DashboardCardProps>) {
  return (
    <section {...rest} className={`surface-card dashboard-card ${className ?? ''}`} aria-labelledby={titleId}>
      <header className="dashboard-card-header">
        <h4 id={titleId} className="dashboard-card-title">
          {title}
        </h4>
        {controls}
      </header>
      {children}
    </section>
  );
}
