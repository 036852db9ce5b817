/**
 * The list toolbar's 'Views' button (issue 33). The menu behind it (SavedViewsMenu.tsx: refine's hooks for the
 * views, the name dialog) is a chunk of its own, asked for once the list has painted, so it never delays the
 * list's first rows; until it is in, this light stand-in is the button, and a press on it opens the menu as soon
 * as it has arrived. The stand-in gives way to the menu's own button only where that loses nothing: not while
 * the user is on it (a pointer pressed on it, or the focus on it) unless the press has ended in a click, so a
 * click that starts on the stand-in is never split between two buttons and the focus is never dropped.
 */
import { SaveOutlined } from '@ant-design/icons';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { usePaintedOnce } from '@/ui/usePaintedOnce';
import type { SavedViewsMenuProps } from './SavedViewsMenu';

type Menu = ComponentType<SavedViewsMenuProps>;

/** The menu once its chunk is in (every list after the first takes it at once). */
let loadedMenu: Menu | null = null;
const loadMenu = () =>
  import('./SavedViewsMenu').then((module) => {
    loadedMenu = module.default;
    return loadedMenu;
  });

export function SavedViewsButton(props: Omit<SavedViewsMenuProps, 'initiallyOpen'>) {
  const { t } = useTranslation('lists');
  const painted = usePaintedOnce();
  const [SavedViewsMenu, setMenu] = useState<Menu | null>(() => loadedMenu);
  const [pressed, setPressed] = useState(false);
  // The user is on the stand-in (pointer pressed, or the focus on it): it stays until a click (which opens the
  // menu) or until the focus leaves it.
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (SavedViewsMenu || (!painted && !pressed)) return undefined;
    let current = true;
    void loadMenu().then((menu) => {
      if (current) setMenu(() => menu);
    });
    return () => {
      current = false;
    };
  }, [SavedViewsMenu, painted, pressed]);

  if (SavedViewsMenu && (pressed || !touched)) return <SavedViewsMenu {...props} initiallyOpen={pressed} />;
  return (
    <Button
      icon={<SaveOutlined aria-hidden />}
      aria-haspopup="menu"
      aria-expanded={false}
      loading={pressed}
      onPointerDown={() => setTouched(true)}
      onFocus={() => setTouched(true)}
      onBlur={() => setTouched(false)}
      onClick={() => setPressed(true)}
    >
      {t('savedViews.button')}
    </Button>
  );
}
