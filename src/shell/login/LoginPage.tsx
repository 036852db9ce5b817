/**
 * /login (spec 1 §2.2, §4, §8): the tenant's logo and name (the product's on the public host); username or
 * email, password with show/hide, remember me, forgot password; 'Loading...' while busy; the error texts of
 * §8 in an alert; afterwards the originally requested path. A signed-in user is sent to /.
 */
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { type AuthActionResponse, useGo, useInvalidateAuthStore, useLogin } from '@refinedev/core';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoginError, type LoginParams } from '@/providers/auth-provider';
import { LanguageSwitcher } from '@/shell/layout/LanguageSwitcher';
import { useSession } from '@/shell/session/useSession';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import { useTenant } from '@/shell/tenant/TenantContext';
import { afterLoginPath } from './redirect';

interface LoginValues {
  identity: string;
  password: string;
  remember: boolean;
}

const loginErrorOf = (result: AuthActionResponse | undefined) =>
  result && !result.success && result.error instanceof LoginError ? result.error : null;

export function LoginPage() {
  const { t } = useTranslation();
  const { tenant } = useTenant();
  const { auth } = useSession();
  const [searchParams] = useSearchParams();
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();
  const login = useLogin<LoginParams>({
    mutationOptions: {
      onSuccess: (result) => {
        if (!result.success) return;
        go({ to: afterLoginPath(searchParams.get('to')), type: 'replace' });
        invalidateAuthStore();
      },
    },
  });

  // Already signed in when the page opened (not: signed in just now, which goes to the requested path).
  if (auth && login.status === 'idle') return <Navigate to="/" replace />;

  const error = loginErrorOf(login.data);
  const submit = ({ identity, password, remember }: LoginValues) =>
    login.mutate({ identity: identity.trim(), password, remember });

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-brand">
          <BrandLogo size={64} />
          <Typography.Title level={1} id="login-title" className="login-brand__name">
            {tenant?.name ?? t('product.name')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </header>
        {error && <Alert className="login-error" type="error" showIcon message={t(error.translationKey)} />}
        <Form<LoginValues>
          layout="vertical"
          requiredMark={false}
          initialValues={{ remember: false }}
          onFinish={submit}
          disabled={login.isPending}
        >
          <Form.Item
            name="identity"
            label={t('login.identity')}
            rules={[{ required: true, whitespace: true, message: t('login.identityRequired') }]}
          >
            <Input size="large" prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              size="large"
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
              // A real button, so the toggle is reachable and usable from the keyboard too.
              iconRender={(visible) => (
                <button
                  type="button"
                  className="password-toggle"
                  aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
                >
                  {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
                </button>
              )}
            />
          </Form.Item>
          <div className="login-options">
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>{t('login.rememberMe')}</Checkbox>
            </Form.Item>
            <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
          </div>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={login.isPending}
            disabled={false}
          >
            {login.isPending ? t('login.loading') : t('login.submit')}
          </Button>
        </Form>
        <footer className="login-footer">
          <LanguageSwitcher compact />
        </footer>
      </section>
    </main>
  );
}
