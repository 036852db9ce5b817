/**
 * The list toolbar's 'Views' button (issue 33). The menu behind it (SavedViewsMenu.tsx: refine's hooks for the
 * views, the name dialog) is a chunk of its own, asked for once the list has painted, so it never delays the
 * list's first rows; until it is in, this light stand-in is the button, and a press on it opens the menu as soon
 * as it has arrived.
 */
import { SaveOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { usePaintedOnce } from '@/ui/usePaintedOnce';
import type { SavedViewsMenuProps } from './SavedViewsMenu';

const SavedViewsMenu = lazy(() => import('./SavedViewsMenu'));

export function SavedViewsButton(props: Omit<SavedViewsMenuProps, 'initiallyOpen'>) {
  const { t } = useTranslation('lists');
  const painted = usePaintedOnce();
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <Button
      icon={<SaveOutlined aria-hidden />}
      aria-haspopup="menu"
      aria-expanded={false}
      loading={pressed}
      onClick={() => setPressed(true)}
    >
      {t('savedViews.button')}
    </Button>
  );
  if (!painted && !pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SavedViewsMenu {...props} initiallyOpen={pressed} />
    </Suspense>
  );
}
