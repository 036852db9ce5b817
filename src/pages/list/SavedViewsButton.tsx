/**
 * The list toolbar's 'Views' button (issue 33). The menu behind it (SavedViewsMenu.tsx: refine's hooks for the
 * views, the name dialog) is a chunk of its own, asked for once the list has painted, so it never delays the
 * list's first rows; until it is in, this light stand-in is the button, and a press on it opens the menu as soon
 * as it has arrived. The stand-in gives way to the menu's own button only where that loses nothing: not while
 * the user is on it (a pointer pressed on it, or the focus on it) unless the press has ended in a click, so a
 * click that starts on the stand-in is never split between two buttons and the focus is never dropped.
 * Both show the same face (SavedViewsTrigger.tsx): the name of the view the list is in, read from what this tab
 * remembers (active-view.ts), so it is there from the first paint, before the menu or any request.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { Button } from '@/ui/Button';
import { usePaintedOnce } from '@/ui/usePaintedOnce';
import { useActiveView } from './active-view';
import type { SavedViewsMenuProps } from './SavedViewsMenu';
import { useViewsTriggerFace } from './SavedViewsTrigger';

type Menu = ComponentType<SavedViewsMenuProps>;

/** The menu once its chunk is in (every list after the first takes it at once). */
let loadedMenu: Menu | null = null;
const loadMenu = () =>
  import('./SavedViewsMenu').then((module) => {
    loadedMenu = module.default;
    return loadedMenu;
  });

export function SavedViewsButton(props: Omit<SavedViewsMenuProps, 'initiallyOpen'>) {
  const face = useViewsTriggerFace(useActiveView(props.listKey, props.current));
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
      {...face}
      aria-haspopup="menu"
      aria-expanded={false}
      loading={pressed}
      onPointerDown={() => setTouched(true)}
      onFocus={() => setTouched(true)}
      onBlur={() => setTouched(false)}
      onClick={() => setPressed(true)}
    />
  );
}
