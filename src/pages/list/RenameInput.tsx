/**
 * The inline rename of a list's record (a row action's `rename`, spec 2 §4, §8: a FAQ category's name): the value
 * as an input, saved on Enter or when the focus leaves it (when changed), with the declared success notification;
 * Escape cancels. The write goes to the resource's write collection as an update of the resource, so refine
 * refreshes every list and record of it that a screen shows (the FAQ list, the category's page).
 */
import { type BaseRecord, type HttpError, useUpdate } from '@refinedev/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstFieldError } from '@/components/field-errors';
import { recordKey } from '@/declarations/derive';
import type { RenameDeclaration, ResourceDeclaration } from '@/declarations/types';
import { TextInput } from '@/ui/TextInput';
import { renaming } from './inline-rename';
import './inline-rename.css';

export default function RenameInput({
  resource,
  rename,
  record,
}: {
  resource: ResourceDeclaration;
  rename: RenameDeclaration;
  record: BaseRecord;
}) {
  const { t } = useTranslation(resource.ns);
  const stored = String(record[rename.field] ?? '');
  const [name, setName] = useState(stored);
  const [error, setError] = useState<string>();
  const wrapper = useRef<HTMLSpanElement>(null);
  const input = () => wrapper.current?.querySelector('input');
  const errorId = useId();
  const { mutateAsync, mutation } = useUpdate<BaseRecord, HttpError>();
  // A blur can follow Enter before the pending state has rendered: one write at a time.
  const saving = useRef(false);

  // The row menu hands the focus back to its button as it closes: take it once the menu is gone.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input()?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  /** Ends the rename; after Enter or Escape the focus goes back to the row. */
  const done = (refocus: boolean) => {
    const row = wrapper.current?.closest<HTMLElement>('[tabindex]');
    renaming.stop();
    if (refocus) row?.focus();
  };

  const save = async (refocus: boolean) => {
    if (saving.current) return;
    const trimmed = name.trim();
    if (trimmed === stored) return done(refocus);
    if (!trimmed) return setError(t(rename.requiredKey));
    saving.current = true;
    try {
      await mutateAsync({
        resource: resource.name,
        id: recordKey(resource, record) ?? '',
        values: { [rename.field]: trimmed },
        meta: { writeCollection: resource.writeCollection },
        successNotification: () => ({ message: t(rename.successKey), type: 'success' }),
        errorNotification: false,
      });
      done(refocus);
    } catch (failure) {
      // The first message of a 422 under the field, else the error's message.
      setError(firstFieldError(failure, rename.field) ?? (failure as HttpError).message);
    } finally {
      saving.current = false;
    }
  };

  return (
    <span ref={wrapper} className="list-rename" onClick={(event) => event.stopPropagation()}>
      <TextInput
        aria-label={t(rename.labelKey, { name: stored })}
        aria-describedby={error ? errorId : undefined}
        value={name}
        maxLength={rename.maxLength ?? 255}
        disabled={mutation.isPending}
        status={error ? 'error' : undefined}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') done(true);
          else if (event.key === 'Enter') void save(true);
        }}
        onBlur={() => void save(false)}
      />
      {error && (
        <span id={errorId} className="list-rename__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
