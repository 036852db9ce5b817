import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, INACTIVITY_TIMEOUT_MS, startInactivityTimer } from '@/lib/inactivity';

describe('the inactivity logout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after 30 minutes without activity', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ onTimeout });
    expect(INACTIVITY_TIMEOUT_MS).toBe(1_800_000);
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(ACTIVITY_EVENTS)('%s starts the wait again', (event) => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ onTimeout });
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1000);
    window.dispatchEvent(new Event(event));
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts activity inside the page (scroll does not bubble, so it listens in the capture phase)', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ onTimeout });
    const inner = document.createElement('div');
    document.body.append(inner);
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1000);
    inner.dispatchEvent(new Event('scroll', { bubbles: false }));
    vi.advanceTimersByTime(2000);
    expect(onTimeout).not.toHaveBeenCalled();
    stop();
    inner.remove();
  });

  it('stops listening and waiting when stopped', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ onTimeout });
    stop();
    window.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
