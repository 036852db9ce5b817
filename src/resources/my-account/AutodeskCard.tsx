/**
 * The Autodesk Integration card (spec 2 §4 'Autodesk', §7): hidden when the tenant's autodesk_integration is
 * 'no'. Connect posts `/autodesk/oauth/login` with a redirect_url back to this tab (with a flag that reopens it)
 * and the browser goes to the answered URL; coming back shows the outcome. Disconnect marks it disconnected on
 * a 200.
 */
import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import { Glyph } from '@/ui/Glyph';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CompanyProfile } from '@shared/entities/company-profile';
import type { MyAccount } from '@shared/entities/my-account';
import { SettingsCard } from '@/components/settings-form/SettingsPage';
import { apiRequest } from '@/providers/http-client';

/** Where Autodesk sends the browser back: this page's Settings tab. */
export const autodeskReturnUrl = (origin: string) => `${origin}/user/profile?tab=settings`;

/** Sends the browser to a URL (a seam for tests). */
export const browser = { go: (url: string) => window.location.assign(url) };

export function AutodeskCard({ account, onChange }: { account: MyAccount; onChange: () => void }) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { result } = useCustom<{ data: CompanyProfile }>({
    url: '/companies/my-company',
    method: 'get',
    queryOptions: { refetchOnWindowFocus: false },
  });
  const integration = result?.data?.data?.autodesk_integration;
  if (!integration || integration === 'no') return null;
  const returned = params.get('autodesk');

  /** Busy while the call runs; a failure says so. Connecting leaves the page, so it stays busy. */
  const call = (path: string, body?: object) => async () => {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await apiRequest<{ redirect_url?: string }>(path, { method: 'POST', body });
      if (answer?.redirect_url) return browser.go(answer.redirect_url);
      onChange();
    } catch {
      setFailed(true);
    }
    setBusy(false);
  };
  const connect = call('/autodesk/oauth/login', { redirect_url: autodeskReturnUrl(window.location.origin) });
  const disconnect = call('/autodesk/oauth/logout');

  return (
    <SettingsCard
      title={
        <>
          <Glyph icon={ApiOutlined} /> {t('autodesk.title')}
        </>
      }
      extra={
        account.autodesk_connected ? (
          <Tag color="success">{t('autodesk.connected')}</Tag>
        ) : (
          <Tag>{t('autodesk.disconnected')}</Tag>
        )
      }
    >
      {returned === 'connected' && account.autodesk_connected && (
        <Alert type="success" showIcon message={t('autodesk.connectedNow')} className="account-banner" />
      )}
      {returned === 'denied' && (
        <Alert type="warning" showIcon message={t('autodesk.denied')} className="account-banner" />
      )}
      {failed && <Alert type="error" showIcon message={t('autodesk.failed')} className="account-banner" />}
      {account.autodesk_scope_outdated && (
        <Alert type="warning" showIcon message={t('autodesk.scopeOutdated')} className="account-banner" />
      )}
      <p>{account.autodesk_connected ? t('autodesk.connectedText') : t('autodesk.text')}</p>
      {account.autodesk_connected ? (
        <Button danger loading={busy} onClick={() => void disconnect()}>
          {t('autodesk.disconnect')}
        </Button>
      ) : (
        <Button type="primary" loading={busy} onClick={() => void connect()}>
          {t('autodesk.connect')}
        </Button>
      )}
    </SettingsCard>
  );
}
