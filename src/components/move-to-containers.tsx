/**
 * The bulk move into containers as a declaration names it (`bulk.actions[n].form`): items into libraries,
 * materials into categories, one dialog for both (`MoveToContainersDialog.tsx`; its settings and props in
 * `move-to-containers-settings.ts`). This module is what the declarations import: it takes the settings and loads
 * the dialog itself when it first opens, so the registry every screen loads stays light (the bulk actions render a
 * form in a Suspense).
 */
import { type ComponentType, lazy } from 'react';
import type { BulkFormProps } from '@/declarations/types';
import type { MoveToContainersSettings } from './move-to-containers-settings';

const MoveToContainersDialog = lazy(() => import('./MoveToContainersDialog'));

/** The bulk action's dialog (`form`) of a move with these settings. */
export function moveToContainers(settings: MoveToContainersSettings): ComponentType<BulkFormProps> {
  return function MoveToContainers(props: BulkFormProps) {
    return <MoveToContainersDialog {...props} {...settings} />;
  };
}
