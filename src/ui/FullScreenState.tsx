/** The frame of every full-screen state (spec 1 §2.1): a logo, a heading, an optional text and actions. */
import type { ReactNode } from 'react';

export interface FullScreenStateProps {
  logo?: ReactNode;
  /** An illustration icon between logo and heading. */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  /** `alert` for states the user must notice (maintenance, offline), `status` for waiting. */
  role?: 'alert' | 'status';
}

export function FullScreenState({ logo, icon, title, text, actions, role }: FullScreenStateProps) {
  return (
    <main className="fullscreen-state">
      <section className="fullscreen-state__panel" role={role} aria-live={role ? 'polite' : undefined}>
        {logo && <div className="fullscreen-state__logo">{logo}</div>}
        {icon && <div className="fullscreen-state__icon">{icon}</div>}
        <h1 className="fullscreen-state__title">{title}</h1>
        {text && <p className="fullscreen-state__text">{text}</p>}
        {actions && <div className="fullscreen-state__actions">{actions}</div>}
      </section>
    </main>
  );
}
