/**
 * Comments as the overview shows them (issue 45), free of React: the answer's flat list grouped into threads (a
 * thread's first comment with its replies, oldest first), a body split into text and the mentions it names (shown
 * highlighted), and which of the users chosen while writing are still mentioned in the text when it is sent.
 */
import type { ModelComment } from '@shared/entities/model-comments';
import { compareCodeUnits } from '@/lib/intl-formats';

export interface CommentThread {
  comment: ModelComment;
  replies: ModelComment[];
}

/** Threads in the order of their pins, each with its replies oldest first; a reply without its thread is left out. */
export function threadsOf(comments: readonly ModelComment[]): CommentThread[] {
  const threads = new Map<number, CommentThread>();
  for (const comment of comments) {
    if (comment.parent_id === null) threads.set(comment.id, { comment, replies: [] });
  }
  for (const comment of comments) {
    if (comment.parent_id !== null) threads.get(comment.parent_id)?.replies.push(comment);
  }
  const byTime = (a: ModelComment, b: ModelComment) =>
    compareCodeUnits(a.created_at, b.created_at) || a.id - b.id;
  return [...threads.values()]
    .map((thread) => ({ ...thread, replies: thread.replies.sort(byTime) }))
    .sort((a, b) => (a.comment.number ?? 0) - (b.comment.number ?? 0) || a.comment.id - b.comment.id);
}

/** The thread a comment belongs to (its own id for a thread's first comment). */
export function threadIdOf(comments: readonly ModelComment[], id: number): number | null {
  const comment = comments.find((each) => each.id === id);
  if (!comment) return null;
  return comment.parent_id ?? comment.id;
}

export interface MentionCandidate {
  id: number;
  name: string;
}

/** The users chosen while writing whose `@Name` is still in the text, each once. */
export function mentionedIn(body: string, chosen: readonly MentionCandidate[]): number[] {
  const ids = chosen.filter((user) => body.includes(`@${user.name}`)).map((user) => user.id);
  return [...new Set(ids)];
}

/** What a composer sends: the text and the users it still mentions. */
export interface ComposedComment {
  body: string;
  mentions: number[];
}

export type BodyPart = { text: string } | { mention: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The body as text and mentions (`@Name` of a mentioned user), the longest names matched first. */
export function bodyParts(body: string, mentions: readonly MentionCandidate[]): BodyPart[] {
  const names = [...new Set(mentions.map((user) => user.name))].sort((a, b) => b.length - a.length);
  if (!names.length) return [{ text: body }];
  const pattern = new RegExp(`@(${names.map(escapeRegExp).join('|')})`, 'g');
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: body.slice(last, match.index) });
    parts.push({ mention: match[1] });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
