/**
 * A record's saved viewpoints (issue 45), kept live (useReviewList.ts, `ModelViewpointsUpdated`), as the viewer's
 * Viewpoints tool lists, saves and deletes them.
 */
import type { CommentedRecordType } from '@shared/comment-values';
import type { Viewpoint } from '@shared/entities/model-viewpoints';
import { VIEWPOINTS_EVENT } from '@shared/events';
import type { ViewerViewpoints } from '@/components/viewer/viewer-parts';
import { useReviewList } from './useReviewList';

export function useModelViewpoints(
  type: CommentedRecordType,
  recordId: number,
  canSave: boolean,
): ViewerViewpoints {
  const list = useReviewList<Viewpoint>(type, recordId, 'viewpoints', VIEWPOINTS_EVENT);
  return {
    list: list.items.map((viewpoint) => ({
      id: viewpoint.id,
      name: viewpoint.name,
      camera: viewpoint.camera,
      createdBy: viewpoint.created_by,
      canDelete: viewpoint.can_delete,
    })),
    canSave,
    onSave: (name, camera) => list.write('', 'POST', { name, camera }).then(() => undefined),
    onDelete: (id) => list.write(`/${id}`, 'DELETE').then(() => undefined),
  };
}
