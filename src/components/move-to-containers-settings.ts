/** What a bulk move into containers is set with (move-to-containers.tsx), and so what its dialog is given. */
import type { BulkFormProps } from '@/declarations/types';

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
