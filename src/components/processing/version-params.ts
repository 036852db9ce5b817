/**
 * Which kept version a processed file's overview shows in its viewer (`?version=2`) or compares with the current
 * one (`?compare=2`) (issue 45): in the address, so a comparison or an earlier version can be linked and opened
 * again, and the browser's Back leaves it. Each step is a history entry of its own; other parameters (an opened
 * comment's) stay as they are.
 */
import { useSearchParams } from 'react-router';

export const VERSION_PARAMETER = 'version';
export const COMPARE_PARAMETER = 'compare';

type VersionParameter = typeof VERSION_PARAMETER | typeof COMPARE_PARAMETER;

export interface VersionParams {
  /** The kept version the viewer shows; null for the current one. */
  shown: number | null;
  /** The kept version compared with the current one; null while none is. */
  compared: number | null;
  /** Sets (a number) or clears (null) the given parameters in one step. */
  set(values: Partial<Record<VersionParameter, number | null>>): void;
}

export function useVersionParams(): VersionParams {
  const [params, setParams] = useSearchParams();
  const numberOf = (name: VersionParameter) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return {
    shown: numberOf(VERSION_PARAMETER),
    compared: numberOf(COMPARE_PARAMETER),
    set: (values) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value === null || value === undefined) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { preventScrollReset: true },
      ),
  };
}
