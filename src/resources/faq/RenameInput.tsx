/**
 * The inline rename of a FAQ category (spec 2 §4, §8): the name as an input, saved on Enter or when the focus
 * leaves it (when changed), 'Category updated successfully'; Escape cancels. The write goes to
 * `/admin/questions/categories/{id}` (the resource's `writeCollection`) as an update of `questions/categories`,
 * so refine refreshes every list and record of it that a screen shows (the FAQ list, the category's page).
 */
import { type HttpError, useUpdate } from '@refinedev/core';
import type { FaqCategory } from '@shared/entities/faq';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstFieldError } from '@/components/field-errors';
import { TextInput } from '@/ui/TextInput';
import settings from './list-settings';
import { FAQ_WRITES, renaming } from './renaming';
import './faq.css';

export default function RenameInput({ category }: { category: FaqCategory }) {
  const { t } = useTranslation('faq');
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string>();
  const wrapper = useRef<HTMLSpanElement>(null);
  const input = () => wrapper.current?.querySelector('input');
  const errorId = useId();
  const { mutateAsync, mutation } = useUpdate<FaqCategory, HttpError, { name: string }>();

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
    if (mutation.isPending) return;
    const trimmed = name.trim();
    if (trimmed === category.name) return done(refocus);
    if (!trimmed) return setError(t('nameRequired'));
    try {
      await mutateAsync({
        resource: settings.name,
        id: category.id,
        values: { name: trimmed },
        meta: { writeCollection: FAQ_WRITES },
        successNotification: () => ({ message: t('updated'), type: 'success' }),
        errorNotification: false,
      });
      done(refocus);
    } catch (failure) {
      // The first message of a 422 under `name`, else the error's message.
      setError(firstFieldError(failure, 'name') ?? (failure as HttpError).message);
    }
  };

  return (
    <span ref={wrapper} className="faq-rename" onClick={(event) => event.stopPropagation()}>
      <TextInput
        aria-label={t('rename', { name: category.name })}
        aria-describedby={error ? errorId : undefined}
        value={name}
        maxLength={255}
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
        <span id={errorId} className="faq-rename__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
