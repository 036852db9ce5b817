/**
 * A refine mutation hook mounted with its first call rather than with the screen. Each of refine's mutation hooks
 * mounts some twenty hooks of its own (the error check with its logout and navigation, the audit log with the
 * identity query, the notifications, the meta), and a list mounted several of them for its row menu, its bulk
 * actions and its delete, and one per row for a project's favourite star: about 90 ms of a first visit of
 * `/projects` at 4× CPU (the median of four profiles), for calls most visits never make.
 *
 * `useCall` is the hook to defer, returning the call (`mutateAsync`), declared once outside the component so
 * that it stays the same function. `run` mounts it at its first call and sends every call through it; `host`
 * holds it and is rendered once by the screen (with its dialogs); `busy` is true while a call runs.
 */
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';

type Call<V, R> = (variables: V) => Promise<R>;

export interface MutationOnDemand<V, R> {
  run: Call<V, R>;
  busy: boolean;
  /** Nothing until the first call; then the component that holds the hook. */
  host: ReactNode;
}

function MutationHost<V, R>({
  useCall,
  onCall,
}: {
  useCall: () => Call<V, R>;
  onCall: (call: Call<V, R>) => void;
}) {
  const call = useCall();
  useLayoutEffect(() => onCall(call), [call, onCall]);
  return null;
}

export function useMutationOnDemand<V, R>(useCall: () => Call<V, R>): MutationOnDemand<V, R> {
  const [mounted, setMounted] = useState(false);
  const [running, setRunning] = useState(0);
  const call = useRef<Call<V, R> | null>(null);
  const waiting = useRef<((call: Call<V, R>) => void)[]>([]);

  const onCall = useCallback((mountedCall: Call<V, R>) => {
    call.current = mountedCall;
    const waiters = waiting.current.splice(0);
    for (const resume of waiters) resume(mountedCall);
  }, []);

  const run = useCallback(async (variables: V) => {
    setRunning((count) => count + 1);
    try {
      const send =
        call.current ??
        (await new Promise<Call<V, R>>((resume) => {
          waiting.current.push(resume);
          setMounted(true);
        }));
      return await send(variables);
    } finally {
      setRunning((count) => count - 1);
    }
  }, []);

  return {
    run,
    busy: running > 0,
    host: mounted ? <MutationHost useCall={useCall} onCall={onCall} /> : null,
  };
}
