/**
 * Moves the focus once React has committed what the user's step changed (a closed editor's button is back, a
 * resolved card is gone, a comparison closed): `focusAfterRender(() => element)` asks for it, and the element is
 * looked up in the effect after the next commit, never after a guessed delay such as an animation frame, which a
 * busy machine may run before React has rendered.
 */
import { useEffect, useRef, useState } from 'react';

type Target = () => HTMLElement | null | undefined;

export function useFocusAfterRender(): (target: Target) => void {
  const target = useRef<Target | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const find = target.current;
    if (!find) return;
    target.current = null;
    find()?.focus();
  }, [asked]);
  return (find) => {
    target.current = find;
    setAsked((count) => count + 1);
  };
}
