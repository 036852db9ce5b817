/**
 * A header action's dialog of declared fields (`FormDialogDeclaration`: Invite User), as a declaration names it:
 * this module takes the declaration and loads the dialog (`FormDialog.tsx`) itself when it first opens, so the
 * registry every screen loads stays light.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import type { ActionDialogProps, FormDialogDeclaration } from '@/declarations/types';

const FormDialog = lazy(() => import('./FormDialog'));

/** The header action's `dialog` of this declaration. */
export function formDialog(declaration: FormDialogDeclaration): ComponentType<ActionDialogProps> {
  return function DeclaredFormDialog(props: ActionDialogProps) {
    return (
      <Suspense fallback={null}>
        <FormDialog {...props} declaration={declaration} />
      </Suspense>
    );
  };
}
