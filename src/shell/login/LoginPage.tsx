/**
 * /login (spec 1 §2.2, §4, §8): the tenant's logo and name (the product's on the public host); username or
 * email, password with show/hide, remember me, forgot password; 'Loading...' while busy; the error texts of
 * §8 in an alert; afterwards the originally requested path. A signed-in user is sent to /.
 *
 * Most visits start here, so the page is built from plain form controls in the portal's own style (login.css)
 * and signs in through the auth provider directly: it loads neither antd nor refine.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { authProvider, LOGIN_ERROR_KEYS, LoginError, type LoginErrorKey } from '@/providers/auth-provider';
import { useSession } from '@/providers/useSession';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { useTenant } from '@/shell/tenant/TenantContext';
import { Button } from '@/ui/Button';
import { ErrorIcon, EyeIcon, EyeOffIcon, LockIcon, UserIcon } from '@/ui/icons';
import { LanguageSelect } from './LanguageSelect';
import { LoginField } from './LoginField';
import { afterLoginPath } from './redirect';
import './login.css';

type LoginStatus = { state: 'idle' | 'pending' | 'signed-in' } | { state: 'failed'; errorKey: LoginErrorKey };

export function LoginPage() {
  const { t } = useTranslation();
  const { tenant } = useTenant();
  const { auth } = useSession();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [identity, setIdentity] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  // Required-field messages appear with the first attempt and then follow what is typed.
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<LoginStatus>({ state: 'idle' });
  const ids = { identity: useId(), password: useId() };

  // Already signed in when the page opened (not: signed in just now, which goes to the requested path).
  if (auth && status.state === 'idle') return <Navigate to="/" replace />;

  const pending = status.state === 'pending' || status.state === 'signed-in';
  const identityMissing = attempted && !identity.trim();
  const passwordMissing = attempted && !password;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    if (!identity.trim() || !password) return;
    setStatus({ state: 'pending' });
    const result = await authProvider.login({ identity: identity.trim(), password, remember });
    if (result.success) {
      setStatus({ state: 'signed-in' });
      await navigate(afterLoginPath(searchParams.get('to')), { replace: true });
    } else {
      const errorKey =
        result.error instanceof LoginError ? result.error.translationKey : LOGIN_ERROR_KEYS.other;
      setStatus({ state: 'failed', errorKey });
    }
  };

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-brand">
          <BrandLogo size={64} />
          <h1 id="login-title" className="login-brand__name">
            {tenant?.name ?? t('product.name')}
          </h1>
          <p className="login-brand__subtitle">{t('login.subtitle')}</p>
        </header>
        {status.state === 'failed' && (
          <div className="login-error" role="alert">
            <ErrorIcon className="login-error__icon" />
            <span>{t(status.errorKey)}</span>
          </div>
        )}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="login-fields" disabled={pending}>
            <LoginField
              id={ids.identity}
              label={t('login.identity')}
              icon={<UserIcon />}
              error={identityMissing ? t('login.identityRequired') : null}
              input={{
                name: 'identity',
                autoComplete: 'username',
                autoFocus: true,
                value: identity,
                onChange: (event) => setIdentity(event.target.value),
              }}
            />
            <LoginField
              id={ids.password}
              label={t('login.password')}
              icon={<LockIcon />}
              error={passwordMissing ? t('login.passwordRequired') : null}
              input={{
                name: 'password',
                type: passwordVisible ? 'text' : 'password',
                autoComplete: 'current-password',
                value: password,
                onChange: (event) => setPassword(event.target.value),
              }}
              action={
                <button
                  type="button"
                  className="password-toggle"
                  aria-label={passwordVisible ? t('login.hidePassword') : t('login.showPassword')}
                  onClick={() => setPasswordVisible(!passwordVisible)}
                >
                  {passwordVisible ? <EyeIcon /> : <EyeOffIcon />}
                </button>
              }
            />
            <div className="login-options">
              <label className="login-checkbox">
                <input
                  type="checkbox"
                  name="remember"
                  checked={remember}
                  onChange={(event) => setRemember(event.target.checked)}
                />
                <span>{t('login.rememberMe')}</span>
              </label>
              <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
            </div>
          </fieldset>
          <Button variant="primary" size="large" block htmlType="submit" loading={pending}>
            {pending ? t('login.loading') : t('login.submit')}
          </Button>
        </form>
        <footer className="login-footer">
          <LanguageSelect />
        </footer>
      </section>
    </main>
  );
}
