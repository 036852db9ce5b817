/**
 * The current screen's header actions as commands (issue 33): a page header publishes the actions it offers that
 * name a `command` (its label and what it does, the same handler as the button), and the command palette lists
 * and runs them. What a header leaves out for the user (by ability, licence or platform) it never publishes, so the
 * palette offers nothing the screen does not. Several headers on one screen (a tree browser's two lists) each
 * publish theirs; a header that unmounts takes its commands with it.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';

export interface HeaderCommand {
  /** The button's text, as the user reads it ('New project', 'Import'). */
  label: string;
  run(): void;
}

type Source = () => readonly HeaderCommand[];

const sources = new Map<string, Source>();
const listeners = new Set<() => void>();
let snapshot: readonly HeaderCommand[] = [];

function publish() {
  snapshot = [...sources.values()].flatMap((source) => source());
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The commands of the headers on screen now, in the order of the headers and their buttons. */
export const headerCommands = (): readonly HeaderCommand[] => snapshot;

/** Re-renders with the commands of the headers on screen. */
export const useHeaderCommands = (): readonly HeaderCommand[] =>
  useSyncExternalStore(subscribe, headerCommands, headerCommands);

/**
 * Publishes a header's commands while it is mounted. The handlers are read when a command runs (the latest
 * render's), and the list is published again only when its labels change.
 */
export function usePublishHeaderCommands(commands: readonly HeaderCommand[]): void {
  const id = useId();
  const latest = useRef(commands);
  const labels = commands.map((command) => command.label).join('\u0000');
  useEffect(() => {
    latest.current = commands;
  });
  useEffect(() => {
    if (!labels) return undefined;
    sources.set(id, () =>
      latest.current.map((command, index) => ({
        label: command.label,
        run: () => (latest.current[index] ?? command).run(),
      })),
    );
    publish();
    return () => {
      sources.delete(id);
      publish();
    };
  }, [id, labels]);
}
