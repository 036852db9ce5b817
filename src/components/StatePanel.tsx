/**
 * A state shown inside the layout in place of a screen (forbidden, not found, failed to load): the panel of the
 * portal's full-screen states (styles.css) with an icon, a heading, a text and an optional way back.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/ui/Button';
import { ArrowLeftIcon } from '@/ui/icons';

export interface StatePanelBack {
  /** Where Back leads (the screen's list). */
  to: string;
  label: string;
}

export function StatePanel({
  icon,
  title,
  text,
  back,
  className,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  back?: StatePanelBack;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <section
      className={['fullscreen-state__panel', className].filter(Boolean).join(' ')}
      aria-labelledby="state-panel-title"
    >
      <div className="fullscreen-state__icon">{icon}</div>
      <h1 id="state-panel-title" className="fullscreen-state__title">
        {title}
      </h1>
      <p className="fullscreen-state__text">{text}</p>
      {back && (
        <div className="fullscreen-state__actions">
          <Button variant="primary" icon={<ArrowLeftIcon />} onClick={() => void navigate(back.to)}>
            {back.label}
          </Button>
        </div>
      )}
    </section>
  );
}
