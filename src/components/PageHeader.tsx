/**
 * The title bar of a management screen: the heading and the screen's buttons, in one order on every screen
 * (issue 31). A screen names each button's part (`HeaderAction.part`) and the header places them by one rule,
 * `HEADER_ACTION_ORDER`, the order most of the portal's screens and spec 2's already had: going back first, then
 * the list's view and filter, the screen's other actions, Delete, and the primary action last, at the right edge
 * (New …, Edit, Save). Buttons of one part keep the order the screen gives them.
 */
import { Fragment, type ReactNode } from 'react';
import { type HeaderCommand, usePublishHeaderCommands } from './header-commands';

/** What a header button is for, which decides where it stands. */
export type HeaderActionPart = 'back' | 'view' | 'filter' | 'secondary' | 'danger' | 'primary';

/** The one order of a header's buttons, start to end. */
export const HEADER_ACTION_ORDER: readonly HeaderActionPart[] = [
  'back',
  'view',
  'filter',
  'secondary',
  'danger',
  'primary',
];

export interface HeaderAction {
  key: string;
  part: HeaderActionPart;
  node: ReactNode;
  /**
   * The action as a command of the palette (issue 33): its label and the button's own handler. Only an action
   * the user may take names one (a disabled button does not).
   */
  command?: HeaderCommand;
}

/** A header's actions, leaving out those not offered (`false`, `null`, `undefined`). */
export type HeaderActions = ReadonlyArray<HeaderAction | false | null | undefined | 0 | ''>;

/** The offered actions in the header's order (stable within a part). */
export function orderHeaderActions(actions: HeaderActions = []): HeaderAction[] {
  return actions
    .filter((action): action is HeaderAction => !!action)
    .map((action, index) => ({ action, index }))
    .sort(
      (a, b) =>
        HEADER_ACTION_ORDER.indexOf(a.action.part) - HEADER_ACTION_ORDER.indexOf(b.action.part) ||
        a.index - b.index,
    )
    .map(({ action }) => action);
}

function Actions({ actions }: { actions?: HeaderActions }) {
  const ordered = orderHeaderActions(actions);
  usePublishHeaderCommands(ordered.flatMap((action) => (action.command ? [action.command] : [])));
  if (ordered.length === 0) return null;
  return (
    <div className="page-header__actions">
      {ordered.map((action) => (
        <Fragment key={action.key}>{action.node}</Fragment>
      ))}
    </div>
  );
}

export function PageHeader({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: HeaderActions;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header__title">
        <h1>{title}</h1>
        {children}
      </div>
      <Actions actions={actions} />
    </header>
  );
}

/** The title bar of one part of a screen (a tree browser's lists): an h2 with the part's buttons. */
export function SectionHeader({ title, actions }: { title: ReactNode; actions?: HeaderActions }) {
  return (
    <header className="page-header page-header--section">
      <div className="page-header__title">
        <h2>{title}</h2>
      </div>
      <Actions actions={actions} />
    </header>
  );
}
