/**
 * The bulk move into containers as a declaration names it (`bulk.actions[n].form`): items into libraries,
 * materials into categories, one dialog for both (`MoveToContainersDialog.tsx`). This module is what the
 * declarations import: it holds the settings and loads the dialog itself when it first opens, so the registry
 * every screen loads stays light (the bulk actions render a form in a Suspense).
 */
import { type ComponentType, lazy } from 'react';
import type { BulkFormProps } from '@/resources/types';

export interface MoveToContainersSettings {
  /**
   * The translation namespace of the texts, under `move.`: `title` (with `count`), the targets' label `targets`
   * and `placeholder`, the search field's label `search`, the toggle `remove`, the button `submit`.
   */
  ns: string;
  /** The containers' collection (`materials/categories`). */
  containers: string;
  /**
   * The containers' name in the API (`categories`): the prefix of the fields the dialog asks for (their id, name,
   * parent_id and status draw the tree), the body field of the targets (`categories[n][id]`) and that of the
   * removal flag (`remove_from_current_categories`).
   */
  field: string;
  /**
   * The route parameter naming the container being browsed (`categoryId`): that one is no target and is left out,
   * as are archived containers.
   */
  currentParam: string;
}

export type MoveToContainersProps = BulkFormProps & MoveToContainersSettings;

const MoveToContainersDialog = lazy(() => import('./MoveToContainersDialog'));

/** The bulk action's dialog (`form`) of a move with these settings. */
export function moveToContainers(settings: MoveToContainersSettings): ComponentType<BulkFormProps> {
  return function MoveToContainers(props: BulkFormProps) {
    return <MoveToContainersDialog {...props} {...settings} />;
  };
}
