/**
 * The Comments section of a model's or library item's overview (issue 45): the threads pinned to the model, in the
 * order of their pins, each with its author, time, the version it was written on when that is not the one shown
 * ('From version 2'), its text with mentions marked, its replies, and what the user may do: show it on the model
 * (the camera turns to where it was written), reply, resolve or reopen (whoever may comment), edit (the author) and
 * delete (the author or an admin, after a confirmation; replies go with their thread). Resolved threads are hidden
 * until asked for. A new thread starts with the viewer's Comment tool (or Add comment here): a click on the model
 * places it, and its text is written here. Everything arrives live for everyone on the overview.
 */
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelComment } from '@shared/entities/model-comments';
import { PageSection } from '@/components/PageSection';
import { useShownDate } from '@/components/processing/shown-date';
import { useConfirmation } from '@/components/useConfirmation';
import { useFocusAfterRender } from '@/components/useFocusAfterRender';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { classNames } from '@/ui/class-names';
import { Tag } from '@/ui/Tag';
import { bodyParts, type CommentThread, threadsOf } from './comment-threads';
import { CommentComposer, type ComposedComment } from './LazyCommentComposer';
import { threadElementId, type CommentReview } from './useCommentReview';
import './comments.css';

function CommentText({ comment }: { comment: ModelComment }) {
  return (
    <p className="comment-entry__body">
      {bodyParts(comment.body, comment.mentions).map((part, index) =>
        'mention' in part ? (
          <strong key={index} className="comment-entry__mention">
            @{part.mention}
          </strong>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One comment: who wrote it and when, its text (or its edit), and Edit and Delete where the user may. */
function CommentEntry({
  review,
  comment,
  shownVersion,
  onDelete,
  threadActions,
}: {
  review: CommentReview;
  comment: ModelComment;
  shownVersion: number | undefined;
  onDelete(comment: ModelComment): void;
  /** A thread's own actions (Reply, Resolve), first in its first comment's row. */
  threadActions?: ReactNode;
}) {
  const { t } = useTranslation('models');
  const date = useShownDate();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const closeEdit = () => {
    setEditing(false);
    focusAfterRender(() => editButton.current);
  };
  const save = async ({ body, mentions }: ComposedComment) => {
    await review.update(comment.id, { body, mentions });
    closeEdit();
  };
  return (
    <div className="comment-entry">
      <p className="comment-entry__meta">
        <strong>{comment.author?.name ?? t('comments.formerUser')}</strong>
        <time dateTime={comment.created_at}>{date(comment.created_at)}</time>
        {comment.edited_at && <span className="muted">{t('comments.edited')}</span>}
        {shownVersion !== undefined && comment.version !== shownVersion && (
          <Tag>{t('comments.fromVersion', { number: comment.version })}</Tag>
        )}
      </p>
      {editing ? (
        <CommentComposer
          label={t('comments.editLabel')}
          submitLabel={t('comments.save')}
          initial={comment.body}
          initialMentions={comment.mentions}
          mentionable={review.mentionable}
          onSubmit={save}
          onCancel={closeEdit}
        />
      ) : (
        <CommentText comment={comment} />
      )}
      {!editing && (threadActions || comment.can_edit || comment.can_delete) && (
        <div className="comment-entry__actions">
          {threadActions}
          {comment.can_edit && (
            <Button variant="text" size="small" ref={editButton} onClick={() => setEditing(true)}>
              {t('comments.edit')}
            </Button>
          )}
          {comment.can_delete && (
            <Button variant="text" size="small" danger onClick={() => onDelete(comment)}>
              {t('comments.delete')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function ThreadCard({
  review,
  thread,
  shownVersion,
  hasViewer,
  onDelete,
  onResolved,
}: {
  review: CommentReview;
  thread: CommentThread;
  shownVersion: number | undefined;
  hasViewer: boolean;
  onDelete(comment: ModelComment): void;
  /** The thread was resolved: its card goes (unless resolved ones are shown). */
  onResolved(): void;
}) {
  const { t } = useTranslation('models');
  const { comment, replies } = thread;
  const headingId = useId();
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const resolved = comment.resolved_at !== null;
  const closeReply = () => {
    setReplying(false);
    focusAfterRender(() => replyButton.current);
  };
  const reply = async ({ body, mentions }: ComposedComment) => {
    await review.create({ body, mentions, parent_id: comment.id });
    closeReply();
  };
  const toggleResolved = async () => {
    setBusy(true);
    try {
      await review.update(comment.id, { resolved: !resolved });
    } finally {
      setBusy(false);
    }
    if (!resolved) onResolved();
  };
  return (
    <li>
      <article
        id={threadElementId(comment.id)}
        tabIndex={-1}
        aria-labelledby={headingId}
        className={classNames(
          'comment-thread',
          review.active === comment.id && 'comment-thread--active',
          resolved && 'comment-thread--resolved',
        )}
        data-testid={`comment-thread-${comment.number}`}
      >
        <h3 id={headingId} className="comment-thread__title">
          <Button
            className="comment-thread__pin"
            size="small"
            disabled={!hasViewer}
            aria-label={t('comments.showOnModel', { number: comment.number })}
            onClick={() => review.open(comment.id)}
          >
            {comment.number}
          </Button>
          <span>{t('comments.threadTitle', { number: comment.number })}</span>
          {resolved && (
            <Tag className="comment-tag--resolved">
              {t('comments.resolvedBy', { name: comment.resolved_by ?? t('comments.formerUser') })}
            </Tag>
          )}
        </h3>
        <CommentEntry
          review={review}
          comment={comment}
          shownVersion={shownVersion}
          onDelete={onDelete}
          threadActions={
            review.canWrite &&
            !replying && (
              <>
                <Button size="small" ref={replyButton} onClick={() => setReplying(true)}>
                  {t('comments.reply')}
                </Button>
                <Button size="small" loading={busy} onClick={() => void toggleResolved()}>
                  {t(resolved ? 'comments.reopen' : 'comments.resolve')}
                </Button>
              </>
            )
          }
        />
        {replies.length > 0 && (
          <ol
            className="comment-thread__replies"
            aria-label={t('comments.replies', { count: replies.length })}
          >
            {replies.map((each) => (
              <li key={each.id}>
                <CommentEntry
                  review={review}
                  comment={each}
                  shownVersion={shownVersion}
                  onDelete={onDelete}
                />
              </li>
            ))}
          </ol>
        )}
        {replying && (
          <CommentComposer
            label={t('comments.replyLabel')}
            submitLabel={t('comments.sendReply')}
            mentionable={review.mentionable}
            onSubmit={reply}
            onCancel={closeReply}
          />
        )}
      </article>
    </li>
  );
}

export function ModelComments({
  review,
  idPrefix,
  shownVersion,
  hasViewer,
}: {
  review: CommentReview;
  idPrefix: string;
  /** The version the viewer shows: a comment of another says which it was written on. */
  shownVersion: number | undefined;
  /** Whether the record has a 3D view to pin comments to. */
  hasViewer: boolean;
}) {
  const { t } = useTranslation('models');
  const { ask, dialog } = useConfirmation();
  const [showResolved, setShowResolved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const resolvedId = `${idPrefix}-comments-resolved`;
  // After a resolve or a delete the card is gone: the focus goes to what is left of the section's controls.
  const sectionControl = () => addButton.current ?? document.getElementById(resolvedId);
  const threads = threadsOf(review.comments);
  const open = threads.filter((thread) => thread.comment.resolved_at === null);
  // A resolved thread the page opened (from its pin or a link) shows too.
  const shown = showResolved
    ? threads
    : threads.filter((thread) => thread.comment.resolved_at === null || thread.comment.id === review.active);
  const resolvedCount = threads.length - open.length;

  const post = async ({ body, mentions }: ComposedComment) => {
    const draft = review.draft;
    if (!draft) return;
    const created = await review.create({
      body,
      mentions,
      point: draft.point,
      normal: draft.normal,
      camera: draft.camera,
      version: shownVersion ?? null,
    });
    review.cancelDraft();
    review.open(created.id, { focus: true });
  };
  const cancelDraft = () => {
    review.cancelDraft();
    focusAfterRender(() => addButton.current);
  };
  const remove = (comment: ModelComment) =>
    ask({
      text: t(comment.parent_id === null ? 'comments.deleteThreadConfirm' : 'comments.deleteConfirm'),
      confirmLabel: t('comments.delete'),
      danger: true,
      run: async () => {
        try {
          await review.remove(comment.id);
          setFailure(null);
        } catch (error) {
          setFailure((error as Error).message || t('comments.failed'));
          return false;
        }
      },
      focusAfter: sectionControl,
    });

  return (
    <PageSection
      id={`${idPrefix}-comments`}
      className="model-comments"
      title={t('comments.title', { count: open.length })}
      actions={
        <>
          {resolvedCount > 0 && (
            <Button
              id={resolvedId}
              aria-pressed={showResolved}
              onClick={() => setShowResolved((shown) => !shown)}
            >
              {t('comments.showResolved', { count: resolvedCount })}
            </Button>
          )}
          {review.canWrite && hasViewer && (
            <Button ref={addButton} onClick={review.startPlacing} disabled={review.viewer.placing}>
              {t('comments.add')}
            </Button>
          )}
        </>
      }
    >
      {failure && (
        <Alert
          type="error"
          role="alert"
          message={failure}
          closable={{ label: t('comments.dismiss'), onClose: () => setFailure(null) }}
        />
      )}
      {review.draft && (
        <div className="comment-thread comment-thread--draft">
          <CommentComposer
            label={t('comments.newLabel')}
            submitLabel={t('comments.post')}
            mentionable={review.mentionable}
            onSubmit={post}
            onCancel={cancelDraft}
          />
        </div>
      )}
      {review.viewer.placing && !review.draft && (
        <p className="muted" role="status">
          {t('comments.placing')}
        </p>
      )}
      {review.failed ? (
        <Alert type="error" role="alert" message={t('comments.loadFailed')} />
      ) : review.loading ? (
        <p className="muted" role="status">
          {t('comments.loading')}
        </p>
      ) : shown.length ? (
        <ol className="model-comments__threads">
          {shown.map((thread) => (
            <ThreadCard
              key={thread.comment.id}
              review={review}
              thread={thread}
              shownVersion={shownVersion}
              hasViewer={hasViewer}
              onDelete={remove}
              onResolved={() => {
                if (review.active === thread.comment.id) review.close();
                if (!showResolved) focusAfterRender(sectionControl);
              }}
            />
          ))}
        </ol>
      ) : (
        <p className="muted">
          {t(
            threads.length
              ? 'comments.allResolved'
              : hasViewer && review.canWrite
                ? 'comments.none'
                : hasViewer
                  ? 'comments.noneReadOnly'
                  : 'comments.noViewer',
          )}
        </p>
      )}
      {dialog}
    </PageSection>
  );
}
