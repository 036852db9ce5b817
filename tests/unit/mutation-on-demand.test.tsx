/**
 * src/components/useMutationOnDemand.tsx: a mutation hook mounted with its first call, not with the screen; every
 * call goes through it, its answer or its error comes back to the caller, and `busy` covers the calls under way.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMutationOnDemand } from '@/components/useMutationOnDemand';

/** The deferred hook: counts its renders, and answers each call with a promise the test settles. */
function deferredHook() {
  const calls: { variables: string; resolve(answer: string): void; reject(error: Error): void }[] = [];
  const mounts = vi.fn();
  const useCall = () => {
    mounts();
    return (variables: string) =>
      new Promise<string>((resolve, reject) => calls.push({ variables, resolve, reject }));
  };
  return { calls, mounts, useCall };
}

function Screen({ useCall }: { useCall: () => (variables: string) => Promise<string> }) {
  const call = useMutationOnDemand(useCall);
  const [said, setSaid] = useState('');
  const send = (variables: string) =>
    call.run(variables).then(
      (answer) => setSaid(`answer: ${answer}`),
      (error: Error) => setSaid(`error: ${error.message}`),
    );
  return (
    <>
      <button onClick={() => void send('first')}>Send</button>
      <button onClick={() => void Promise.all([send('a'), send('b')])}>Send two</button>
      <p>{call.busy ? 'busy' : 'idle'}</p>
      <p>{said}</p>
      {call.host}
    </>
  );
}

describe('useMutationOnDemand', () => {
  it('mounts the hook with the first call, sends the call through it and gives its answer back', async () => {
    const { calls, mounts, useCall } = deferredHook();
    render(<Screen useCall={useCall} />);
    expect(mounts).not.toHaveBeenCalled();
    expect(screen.getByText('idle')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(mounts).toHaveBeenCalled();
    expect(calls.map((call) => call.variables)).toEqual(['first']);
    expect(screen.getByText('busy')).toBeInTheDocument();

    await act(async () => calls[0].resolve('done'));
    expect(screen.getByText('answer: done')).toBeInTheDocument();
    expect(screen.getByText('idle')).toBeInTheDocument();

    // Mounted once: a later call goes straight through it.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].reject(new Error('refused')));
    expect(screen.getByText('error: refused')).toBeInTheDocument();
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('sends every call made before the hook was mounted, and stays busy until the last is answered', async () => {
    const { calls, useCall } = deferredHook();
    render(<Screen useCall={useCall} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send two' }));
    expect(calls.map((call) => call.variables)).toEqual(['a', 'b']);
    await act(async () => calls[0].resolve('one'));
    expect(screen.getByText('busy')).toBeInTheDocument();
    await act(async () => calls[1].resolve('two'));
    expect(screen.getByText('idle')).toBeInTheDocument();
  });
});
