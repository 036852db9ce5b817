/** A new password and its confirmation (the reset form and a new account's invitation): labels, values, messages. */
import { useId } from 'react';
import { LockIcon } from '@/ui/icons';
import { LoginField } from './LoginField';

interface NewPasswordFieldsProps {
  labels: { password: string; confirmation: string };
  values: { password: string; confirmation: string };
  errors: { password: string | null; confirmation: string | null };
  onChange: (field: 'password' | 'confirmation', value: string) => void;
  autoFocus?: boolean;
}

export function NewPasswordFields({ labels, values, errors, onChange, autoFocus }: NewPasswordFieldsProps) {
  const ids = { password: useId(), confirmation: useId() };
  return (
    <>
      <LoginField
        id={ids.password}
        label={labels.password}
        icon={<LockIcon />}
        error={errors.password}
        input={{
          name: 'password',
          type: 'password',
          autoComplete: 'new-password',
          autoFocus,
          value: values.password,
          onChange: (event) => onChange('password', event.target.value),
        }}
      />
      <LoginField
        id={ids.confirmation}
        label={labels.confirmation}
        icon={<LockIcon />}
        error={errors.confirmation}
        input={{
          name: 'password_confirmation',
          type: 'password',
          autoComplete: 'new-password',
          value: values.confirmation,
          onChange: (event) => onChange('confirmation', event.target.value),
        }}
      />
    </>
  );
}
