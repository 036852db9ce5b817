/**
 * Writing a comment (issue 45): a thread's first comment, a reply, or an edit. The text box is antd's Mentions: `@`
 * and a few letters list the company's users who may see the record (asked for as the writer types), and a chosen
 * one is mentioned (notified) when their `@Name` is still in the text when it is sent. Ctrl+Enter (or ⌘+Enter)
 * sends; the server's refusal shows under the box and the text stays. A chunk of its own (LazyCommentComposer.tsx):
 * the overview's first visit does not load antd's Mentions and Form.
 */
import { Button, Form, Mentions } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '@shared/comment-values';
import { fieldErrorsOf } from '@/components/field-errors';
import { type ComposedComment, type MentionCandidate, mentionedIn } from './comment-threads';

export default function CommentComposer({
  label,
  submitLabel,
  initial = '',
  initialMentions = [],
  mentionable,
  onSubmit,
  onCancel,
  autoFocus = true,
}: {
  /** The box's accessible name ('Your comment', 'Your reply'). */
  label: string;
  submitLabel: string;
  initial?: string;
  /** The users the text mentions already (an edit). */
  initialMentions?: readonly MentionCandidate[];
  mentionable(search: string, signal?: AbortSignal): Promise<MentionCandidate[]>;
  /** Sends it; a rejection with the server's 422 shows under the box. */
  onSubmit(comment: ComposedComment): Promise<void>;
  onCancel(): void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('models');
  const [body, setBody] = useState(initial);
  const [options, setOptions] = useState<MentionCandidate[]>([]);
  const chosen = useRef<MentionCandidate[]>([...initialMentions]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = useRef<AbortController | null>(null);
  const id = useId();
  useEffect(() => () => search.current?.abort(), []);

  const lookUp = (text: string) => {
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    mentionable(text, controller.signal).then(
      (users) => !controller.signal.aborted && setOptions(users),
      () => undefined,
    );
  };
  // A second press (or Ctrl+Enter) before the first answer sends nothing more: one comment, not two.
  const sending = useRef(false);
  const submit = async () => {
    if (sending.current) return;
    const text = body.trim();
    if (!text) {
      setError(t('comments.empty'));
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ body: text, mentions: mentionedIn(text, chosen.current) });
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields[0]?.errors[0] ?? ((failure as Error).message || t('comments.failed')));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Form
      layout="vertical"
      className="comment-composer"
      onFinish={() => void submit()}
      component="form"
      requiredMark={false}
    >
      <Form.Item
        label={label}
        htmlFor={id}
        validateStatus={error ? 'error' : undefined}
        help={error ?? t('comments.hint')}
      >
        <Mentions
          id={id}
          value={body}
          onChange={setBody}
          onKeyDown={onKeyDown}
          onSearch={lookUp}
          onSelect={(option) => {
            const user = options.find((each) => each.name === option.value);
            if (user) chosen.current.push(user);
          }}
          options={options.map((user) => ({ key: String(user.id), value: user.name, label: user.name }))}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={COMMENT_MAX_LENGTH}
          autoFocus={autoFocus}
          notFoundContent={t('comments.noMentions')}
        />
      </Form.Item>
      <div className="comment-composer__actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('comments.cancel')}
        </Button>
      </div>
    </Form>
  );
}
