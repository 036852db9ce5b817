/**
 * /reset-password?token=…&email=…, the link of a password reset: a new password and its confirmation
 * (`POST /password/reset`); the server's messages show under the fields (an unknown or used token under the
 * email). Afterwards every session has ended and the user signs in with the new password.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { deployment } from '@/lib/runtime-config';
import { ApiError, apiRequest } from '@/providers/http-client';
import { Button } from '@/ui/Button';
import { UserIcon } from '@/ui/icons';
import { LoginField } from './LoginField';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordResetCard } from './PasswordResetCard';

type Status = 'idle' | 'pending' | 'done' | 'failed';

export function ResetPasswordPage() {
  const { t, ready } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<Status>('idle');
  const emailId = useId();
  if (!ready) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: Record<string, string[]> = {};
    if (!email.trim()) missing.email = [t('reset.emailRequired')];
    if (!password) missing.password = [t('reset.passwordRequired')];
    else if (password !== confirmation) missing.password_confirmation = [t('reset.mismatch')];
    setErrors(missing);
    if (Object.keys(missing).length || status === 'pending') return;
    setStatus('pending');
    try {
      await apiRequest('/password/reset', {
        method: 'POST',
        body: { token, email: email.trim(), password, password_confirmation: confirmation },
        public: !deployment.host.company,
        announce: false,
      });
      setStatus('done');
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      setStatus('failed');
    }
  };

  const message = (field: string) => errors[field]?.[0] ?? null;
  if (status === 'done') {
    return (
      <PasswordResetCard title={t('reset.resetTitle')} intro={t('reset.done')}>
        <Link className="login-link-button" to="/login">
          {t('reset.signIn')}
        </Link>
      </PasswordResetCard>
    );
  }
  return (
    <PasswordResetCard
      title={t('reset.resetTitle')}
      intro={token ? t('reset.resetIntro') : t('reset.noToken')}
      error={status === 'failed' && !Object.keys(errors).length ? t('reset.failed') : null}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="login-fields" disabled={status === 'pending' || !token}>
          <LoginField
            id={emailId}
            label={t('reset.email')}
            icon={<UserIcon />}
            error={message('email')}
            input={{
              name: 'email',
              type: 'email',
              autoComplete: 'email',
              value: email,
              onChange: (event) => setEmail(event.target.value),
            }}
          />
          <NewPasswordFields
            labels={{ password: t('reset.newPassword'), confirmation: t('reset.confirmation') }}
            values={{ password, confirmation }}
            errors={{ password: message('password'), confirmation: message('password_confirmation') }}
            onChange={(field, value) => (field === 'password' ? setPassword(value) : setConfirmation(value))}
            autoFocus
          />
        </fieldset>
        <Button
          variant="primary"
          size="large"
          block
          htmlType="submit"
          loading={status === 'pending'}
          disabled={!token}
        >
          {status === 'pending' ? t('reset.saving') : t('reset.save')}
        </Button>
      </form>
    </PasswordResetCard>
  );
}
