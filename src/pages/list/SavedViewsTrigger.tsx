/**
 * The face of the list toolbar's 'Views' button (issue 42), the same on the light stand-in (SavedViewsButton.tsx)
 * and on the menu's own button (SavedViewsMenu.tsx): 'Views' while the list is in no saved view, else the view's
 * name (cut short with an ellipsis on a narrow screen), marked '(modified)' (a dot where the screen is narrow) once
 * the list has changed since. Its accessible name says it whole: 'View: Inactive by name (modified)'.
 */
import SaveOutlined from '@ant-design/icons-svg/es/asn/SaveOutlined';
import { Glyph } from '@/ui/Glyph';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveViewShown } from './active-view';

export interface ViewsTriggerFace {
  icon: ReactNode;
  'aria-label'?: string;
  title?: string;
  children: ReactNode;
}

export function useViewsTriggerFace(active: ActiveViewShown | null): ViewsTriggerFace {
  const { t } = useTranslation('lists');
  const icon = <Glyph icon={SaveOutlined} />;
  if (!active) return { icon, children: t('savedViews.button') };
  const { view, modified } = active;
  const label = t(modified ? 'savedViews.activeModified' : 'savedViews.active', { name: view.name });
  return {
    icon,
    'aria-label': label,
    title: label,
    children: (
      <span className="views-trigger">
        <span className="views-trigger__name">{view.name}</span>
        {modified && (
          <>
            <span className="views-trigger__modified">({t('savedViews.modified')})</span>
            <span className="views-trigger__dot" />
          </>
        )}
      </span>
    ),
  };
}
