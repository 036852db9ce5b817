/**
 * The time a model took from start to finish; while it is still being worked on, a timer running from its start
 * that ticks every second (spec 2 §4).
 */
import { useEffect, useState } from 'react';
import { elapsedMs, formatElapsed, isUnfinished, type ProcessingTimes } from './model-status';

export const TIMER_TICK_MS = 1000;

export function ElapsedTime({ model, empty = '---' }: { model: ProcessingTimes; empty?: string }) {
  const running = isUnfinished(model.status) && !!model.started_at && !model.finished_at;
  const [now, setNow] = useState(() => new Date());
  // A (re)start begins from the current time, not from when this was first shown.
  const [shownStart, setShownStart] = useState(model.started_at);
  if (shownStart !== model.started_at) {
    setShownStart(model.started_at);
    setNow(new Date());
  }
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(new Date()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  const elapsed = elapsedMs(model, running ? now : new Date(0));
  return (
    <time
      className={running ? 'elapsed-time elapsed-time--running' : 'elapsed-time'}
      dateTime={elapsed === null ? undefined : `PT${Math.floor(elapsed / 1000)}S`}
    >
      {elapsed === null ? empty : formatElapsed(elapsed)}
    </time>
  );
}
