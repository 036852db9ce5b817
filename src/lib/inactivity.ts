/**
 * The inactivity logout of spec 1 §4 'Remember-me': without remember-me the user is logged out after 30 minutes
 * without activity; load, mouse move, mouse down, click, scroll and key press start the wait again.
 */
export const INACTIVITY_TIMEOUT_MS = 30 * 60 * 1000;
export const ACTIVITY_EVENTS = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const;

export interface InactivityTimerOptions {
  onTimeout: () => void;
  timeoutMs?: number;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** Starts the timer at once; returns a function that stops it and removes its listeners. */
export function startInactivityTimer({
  onTimeout,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
  target = window,
}: InactivityTimerOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(onTimeout, timeoutMs);
  };
  // Capture phase: scroll does not bubble, and inner handlers that stop propagation must not hide activity.
  const listenerOptions = { capture: true, passive: true } as const;
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, restart, listenerOptions);
  restart();
  return () => {
    clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, restart, listenerOptions);
  };
}
