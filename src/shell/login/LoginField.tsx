/** A field of the sign-in card (sign-in, forgot and reset password): label, icon, input and its message. */
import type { InputHTMLAttributes, ReactNode } from 'react';

interface LoginFieldProps {
  id: string;
  label: string;
  icon: ReactNode;
  /** The field's message, shown under it and announced with it. */
  error: string | null;
  input: InputHTMLAttributes<HTMLInputElement>;
  /** A control inside the field after the input (the password's show/hide). */
  action?: ReactNode;
}

export function LoginField({ id, label, icon, error, input, action }: LoginFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <span className={error ? 'login-input login-input--invalid' : 'login-input'}>
        {icon}
        <input id={id} {...input} aria-invalid={!!error} aria-describedby={error ? errorId : undefined} />
        {action}
      </span>
      {error && (
        <div id={errorId} className="login-field__error">
          {error}
        </div>
      )}
    </div>
  );
}
