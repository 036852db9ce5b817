/**
 * The header of a page that edits the user's own record (useSettingsForm): its title, Cancel and (when the user may
 * edit) Save, 'Saving...' while it is sent, and below it the success banner or the failure of a save.
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import './settings-form.css';

export function SettingsPageHeader({
  title,
  ns,
  ready,
  editable = true,
  saving,
  banner,
  failed,
  onCancel,
  onSave,
}: {
  title: string;
  /** The namespace of the banner's key and of 'save', 'saving', 'cancel' and 'saveFailed'. */
  ns: string;
  /** The record has loaded. */
  ready: boolean;
  editable?: boolean;
  saving: boolean;
  /** The success banner's text key, while it shows. */
  banner: string | null;
  failed: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      <PageHeader
        title={title}
        actions={[
          { key: 'cancel', part: 'secondary', node: <Button onClick={onCancel}>{t('cancel')}</Button> },
          editable && {
            key: 'save',
            part: 'primary',
            node: (
              <Button type="primary" loading={saving} disabled={!ready} onClick={onSave}>
                {saving ? t('saving') : t('save')}
              </Button>
            ),
          },
        ]}
      />
      {banner && (
        <Alert type="success" showIcon message={t(banner)} role="status" className="account-banner" />
      )}
      {failed && <Alert type="error" showIcon message={t('saveFailed')} className="account-banner" />}
    </>
  );
}
