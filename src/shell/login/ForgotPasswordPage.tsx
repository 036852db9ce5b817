/**
 * /forgot-password, linked from the sign-in page ('Forgot password?'): asks for the account's email address and
 * sends a reset link (`POST /password/forgot`; the demo delivers it as a notification). The answer is the same
 * whether or not the address is known. Loaded on its own route, so /login carries none of it.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployment } from '@/lib/runtime-config';
import { apiRequest } from '@/providers/http-client';
import { Button } from '@/ui/Button';
import { UserIcon } from '@/ui/icons';
import { LoginField } from './LoginField';
import { PasswordResetCard } from './PasswordResetCard';

type Status = 'idle' | 'pending' | 'sent' | 'failed';

export function ForgotPasswordPage() {
  const { t, ready } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const id = useId();
  if (!ready) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!email.trim() || status === 'pending') return;
    setStatus('pending');
    try {
      await apiRequest('/password/forgot', {
        method: 'POST',
        body: { email: email.trim() },
        public: !deployment.host.company,
        announce: false,
      });
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <PasswordResetCard
      title={t('reset.forgotTitle')}
      intro={status === 'sent' ? t('reset.sent') : t('reset.forgotIntro')}
      error={status === 'failed' ? t('reset.failed') : null}
    >
      {status !== 'sent' && (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="login-fields" disabled={status === 'pending'}>
            <LoginField
              id={id}
              label={t('reset.email')}
              icon={<UserIcon />}
              error={attempted && !email.trim() ? t('reset.emailRequired') : null}
              input={{
                name: 'email',
                type: 'email',
                autoComplete: 'email',
                autoFocus: true,
                value: email,
                onChange: (event) => setEmail(event.target.value),
              }}
            />
          </fieldset>
          <Button variant="primary" size="large" block htmlType="submit" loading={status === 'pending'}>
            {status === 'pending' ? t('reset.sending') : t('reset.send')}
          </Button>
        </form>
      )}
    </PasswordResetCard>
  );
}
