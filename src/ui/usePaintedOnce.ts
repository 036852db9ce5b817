import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true once the browser has painted what that render produced (the next
 * animation frame, then a task after it). A part of the screen that is not needed at first (a bell's data, say)
 * renders a light stand-in until then, so its work does not hold back the first screen.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
