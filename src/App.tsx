/** The portal: refine with its providers, the router and the shell. */
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createI18nProvider } from '@/providers/i18n';
import { LoginPage } from '@/shell/login/LoginPage';
import { TenantProvider } from '@/shell/tenant/TenantContext';

const i18nProvider = createI18nProvider();

export function App() {
  return (
    <BrowserRouter>
      <ConfigProvider>
        <AntdApp>
          <TenantProvider>
            <Refine routerProvider={routerProvider} i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
              <Routes>
                <Route path="*" element={<LoginPage />} />
              </Routes>
            </Refine>
          </TenantProvider>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
