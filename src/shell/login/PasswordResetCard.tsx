/** The sign-in card's frame for the password-reset screens: the tenant's brand, a title, the content, back to sign-in. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { useTenant } from '@/shell/tenant/TenantContext';
import { ErrorIcon } from '@/ui/icons';
import { LanguageSelect } from './LanguageSelect';
import './login.css';

export function PasswordResetCard({
  title,
  intro,
  error,
  backLink = true,
  children,
}: {
  title: string;
  intro: string;
  error?: string | null;
  /** 'Back to sign in' under the card; off where the card's own action is signing in. */
  backLink?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  const { tenant } = useTenant();
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="reset-title">
        <header className="login-brand">
          <BrandLogo size={64} />
          <p className="login-brand__name">{tenant?.name ?? t('reset.product')}</p>
          <h1 id="reset-title" className="login-brand__subtitle">
            {title}
          </h1>
          <p className="login-brand__subtitle">{intro}</p>
        </header>
        {error && (
          <div className="login-error" role="alert">
            <ErrorIcon className="login-error__icon" />
            <span>{error}</span>
          </div>
        )}
        {children}
        <footer className="login-footer">
          {backLink && <Link to="/login">{t('reset.backToLogin')}</Link>}
          <LanguageSelect />
        </footer>
      </section>
    </main>
  );
}
