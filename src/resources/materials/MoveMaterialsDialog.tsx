/** The bulk move of materials into categories, with 'Remove from current category' (loaded when it opens). */
import { MoveToContainersDialog } from '@/components/MoveToContainersDialog';
import type { BulkFormProps } from '../types';

export default function MoveMaterialsDialog(props: BulkFormProps) {
  return (
    <MoveToContainersDialog
      {...props}
      ns="materials"
      containers={{ resource: 'materials/categories', fields: ['categories.id', 'categories.name'] }}
      targetsField="categories"
      removeField="remove_from_current_categories"
      texts={{
        title: 'move.title',
        targets: 'move.categories',
        placeholder: 'move.placeholder',
        remove: 'move.removeFromCurrent',
        submit: 'move.submit',
      }}
    />
  );
}
