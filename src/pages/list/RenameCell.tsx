/** A list's cell of a record renamed in place: its content, or, while it is renamed, the input (loaded when first needed). */
import type { BaseRecord } from '@refinedev/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { recordKey } from '@/declarations/derive';
import type { RenameDeclaration, ResourceDeclaration } from '@/declarations/types';
import { useRenaming } from './inline-rename';

const RenameInput = lazy(() => import('./RenameInput'));

export function RenameCell({
  resource,
  rename,
  record,
  children,
}: {
  resource: ResourceDeclaration;
  rename: RenameDeclaration;
  record: BaseRecord;
  /** The cell as it shows when not renamed. */
  children: ReactNode;
}) {
  const editing = useRenaming(resource.name, recordKey(resource, record) ?? '');
  if (!editing) return children;
  return (
    <Suspense fallback={children}>
      <RenameInput resource={resource} rename={rename} record={record} />
    </Suspense>
  );
}
