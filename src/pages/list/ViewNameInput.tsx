/**
 * A saved view's name field (issue 33, 42): the text input with the server's 422 under it, as the 'Save current
 * view' dialog (SavedViewsMenu.tsx) and a row's rename in 'Manage views' (ManageViewsDialog.tsx) show it.
 */
import { TextInput } from '@/ui/TextInput';

export function ViewNameInput({
  id,
  value,
  onChange,
  error,
  label,
}: {
  /** The input's id; its message's is `{id}-error`. */
  id: string;
  value: string;
  onChange(value: string): void;
  error: string | null;
  /** Its name where no visible label names it. */
  label?: string;
}) {
  return (
    <>
      <TextInput
        id={id}
        aria-label={label}
        value={value}
        onChange={onChange}
        status={error ? 'error' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={100}
        required
        autoFocus
      />
      {error && (
        <div id={`${id}-error`} className="saved-views__error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
