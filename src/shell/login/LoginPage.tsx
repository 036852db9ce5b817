/** /login (spec 1 §2.2): tenant logo and name, or the product logo on the public host. */
import { Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTenant } from '@/shell/tenant/TenantContext';

interface LoginValues {
  identity: string;
  password: string;
  remember: boolean;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { tenant } = useTenant();

  return (
    <main className="login-page">
      <Card className="login-card">
        <div className="login-brand">
          <img src={tenant?.logo ?? '/logo.svg'} alt={tenant?.name ?? t('product.name')} height={56} />
          <Typography.Title level={2}>{tenant?.name ?? t('product.name')}</Typography.Title>
        </div>
        <Form<LoginValues> layout="vertical" requiredMark={false} initialValues={{ remember: false }}>
          <Form.Item name="identity" label={t('login.identity')} rules={[{ required: true }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
