/**
 * Safe submits (issue 42): one behaviour for every form's Save. From the first press until the write has settled
 * the form is `submitting` (Save disabled and spinning) and every further press or Enter is dropped, so a double
 * click sends one write. The press counts from the click itself, before the form's rules have been checked (the
 * check is asynchronous: a second click during it would otherwise submit twice); a check that fails frees Save
 * again at once. A check overtaken by a field's own (a date typed in, committed when the click blurs it) is
 * answered by antd as failed without errors: the press is not lost, the form is checked again. Each write the portal sends also carries its own Idempotency-Key (providers/http-client.ts), so
 * a retry after a busy answer is applied once too.
 */
import { type FormEvent, useRef, useState } from 'react';

type Phase = 'idle' | 'checking' | 'sending';

/** What antd's form hands its onFinishFailed. */
interface CheckFailure {
  errorFields?: unknown[];
  /** Another check began before this one ended (rc-field-form): this one's outcome no longer counts. */
  outOfDate?: boolean;
}

export interface SafeSubmit<V> {
  /** From the first press until the write has settled. */
  submitting: boolean;
  /** Save's onClick: checks the form and submits it (antd's `form.submit`), once. */
  press(): void;
  /** The form's onFinish: sends the write, unless one is under way. */
  finish(values: V): Promise<unknown>;
  /** The form's onFinishFailed: the check failed, Save is free again (an overtaken check runs again). */
  failed(failure?: CheckFailure): void;
}

export function useSafeSubmit<V>(submitForm: () => void, send: (values: V) => unknown): SafeSubmit<V> {
  const phase = useRef<Phase>('idle');
  const [submitting, setSubmitting] = useState(false);
  const settle = (next: Phase) => {
    phase.current = next;
    setSubmitting(next !== 'idle');
  };
  return {
    submitting,
    press() {
      if (phase.current !== 'idle') return;
      settle('checking');
      submitForm();
    },
    async finish(values: V) {
      if (phase.current === 'sending') return undefined;
      settle('sending');
      try {
        return await send(values);
      } finally {
        settle('idle');
      }
    },
    failed(failure?: CheckFailure) {
      if (phase.current !== 'checking') return;
      if (failure?.outOfDate && !failure.errorFields?.length) submitForm();
      else settle('idle');
    },
  };
}

/**
 * The same for a plain `<form onSubmit>` (a light dialog: inviting a user): the submit runs once at a time;
 * `submitting` holds until it has settled.
 */
export function useSafeFormSubmit(send: (event: FormEvent<HTMLFormElement>) => unknown): {
  submitting: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
} {
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  return {
    submitting,
    async onSubmit(event) {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setSubmitting(true);
      try {
        await send(event);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
  };
}
