/** A FAQ category's name in the list, or, while it is being renamed, the input (loaded when first needed). */
import type { FaqCategory } from '@shared/entities/faq';
import { lazy, Suspense } from 'react';
import { useRenaming } from './renaming';

const RenameInput = lazy(() => import('./RenameInput'));

export function FaqNameCell({ category }: { category: FaqCategory }) {
  const editing = useRenaming(category.id);
  if (!editing) return category.name;
  return (
    <Suspense fallback={category.name}>
      <RenameInput category={category} />
    </Suspense>
  );
}
