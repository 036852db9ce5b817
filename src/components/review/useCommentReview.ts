/**
 * The review state of a processed record's overview (issue 45): its comments, the thread the page has open, the
 * Comment tool and the comment being written, and what the 3D viewer is given of them (`viewer`: the pins, and
 * placing a new one). Opening a thread (once its comment is known: one just written is read back first) turns the
 * viewer's camera to where it was written, when the viewer is there; opened from its pin, the thread's card takes
 * the focus. An address with `?comment={id}` (a mention's notification) opens that comment's thread so.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COMMENT_QUERY_PARAMETER, type CommentedRecordType } from '@shared/comment-values';
import type { CommentCamera } from '@shared/entities/model-comments';
import type { PlacedComment, ViewerComments } from '@/components/viewer/viewer-parts';
import type { ViewerScene } from '@/components/viewer/viewer-scene';
import { threadIdOf } from './comment-threads';
import { type ModelComments, useModelComments } from './useModelComments';

/** How much of a comment a pin's name quotes. */
const PIN_EXCERPT = 60;

export interface CommentReview extends ModelComments {
  /** Whether the user may comment (the kind's comment ability). */
  canWrite: boolean;
  /** The thread the page has open. */
  active: number | null;
  open(id: number, options?: { focus?: boolean }): void;
  /** No thread open. */
  close(): void;
  /** Where the comment being written is placed; null while none is. */
  draft: PlacedComment | null;
  cancelDraft(): void;
  /** Turns the Comment tool on (the section's Add comment). */
  startPlacing(): void;
  /** What the 3D viewer shows and does of the comments. */
  viewer: ViewerComments;
  /** Give the viewer's scene (its `onScene`). */
  onScene(scene: ViewerScene | null): void;
}

/** The element id of a thread's card. */
export const threadElementId = (id: number) => `comment-thread-${id}`;

export function useCommentReview(
  type: CommentedRecordType,
  recordId: number,
  canWrite: boolean,
): CommentReview {
  const { t } = useTranslation('models');
  const data = useModelComments(type, recordId);
  const [active, setActive] = useState<number | null>(null);
  const [placing, setPlacing] = useState(false);
  const [draft, setDraft] = useState<PlacedComment | null>(null);
  const [scene, setScene] = useState<ViewerScene | null>(null);
  // A thread to open once its comment is known (just written, or named by the address), and the camera to turn to
  // once the viewer is there.
  const [opening, setOpening] = useState<{ id: number; focus: boolean } | null>(null);
  const [camera, setCamera] = useState<CommentCamera | null>(null);
  const [searchParams] = useSearchParams();
  const linked = Number(searchParams.get(COMMENT_QUERY_PARAMETER)) || null;
  const openedLink = useRef<number | null>(null);

  const open = (id: number, { focus = false } = {}) => setOpening({ id, focus });

  useEffect(() => {
    if (linked === null || openedLink.current === linked) return;
    openedLink.current = linked;
    setOpening({ id: linked, focus: true });
  }, [linked]);

  const threadId = opening ? threadIdOf(data.comments, opening.id) : null;
  const thread = data.comments.find((comment) => comment.id === threadId);
  useEffect(() => {
    if (!opening || !thread) return;
    setOpening(null);
    setActive(thread.id);
    if (thread.camera) setCamera(thread.camera);
    if (!opening.focus) return;
    const card = document.getElementById(threadElementId(thread.id));
    card?.scrollIntoView({ block: 'nearest' });
    card?.focus();
  }, [opening, thread]);

  useEffect(() => {
    if (!scene || !camera) return;
    scene.setView(camera);
    setCamera(null);
  }, [scene, camera]);

  const pins = data.comments
    .filter((comment) => comment.parent_id === null && comment.point && comment.number !== null)
    .map((comment) => ({
      id: comment.id,
      number: comment.number!,
      point: comment.point!,
      normal: comment.normal,
      resolved: comment.resolved_at !== null,
      label: t('comments.pinLabel', {
        number: comment.number,
        author: comment.author?.name ?? t('comments.formerUser'),
        excerpt:
          comment.body.length > PIN_EXCERPT
            ? `${comment.body.slice(0, PIN_EXCERPT).trimEnd()}…`
            : comment.body,
      }),
    }));

  return {
    ...data,
    canWrite,
    active,
    open,
    close: () => setActive(null),
    draft,
    cancelDraft: () => setDraft(null),
    startPlacing: () => setPlacing(true),
    viewer: {
      pins,
      active,
      onOpen: (id) => open(id, { focus: true }),
      draft: draft?.point ?? null,
      canPlace: canWrite,
      placing,
      onPlacing: setPlacing,
      onPlace: (placed) => {
        setDraft(placed);
        setPlacing(false);
      },
    },
    onScene: setScene,
  };
}
