/**
 * A page that edits the user's own record (useSettingsForm): the header with its title, Cancel and (when the user
 * may edit) Save, 'Saving...' while it is sent; below it the success banner or the failure of a save and the page's
 * own notices; then the form once the record has loaded (a skeleton until then, the load's failure if it fails).
 */
import { Alert, Button, Card, Form, type FormProps, Skeleton, type SkeletonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import type { ApiHttpError } from '@/providers/data-provider';
import type { SettingsForm } from './useSettingsForm';
import '@/components/page.css';
import './settings-form.css';

interface SettingsPageProps<R, V extends object> {
  settings: SettingsForm<R, V>;
  title: string;
  /** The namespace of the banner's key and of 'save', 'saving', 'cancel' and 'saveFailed'. */
  ns: string;
  editable?: boolean;
  className?: string;
  /** Shown below the banner. */
  notices?: ReactNode;
  skeleton: SkeletonProps;
  formProps?: FormProps<V>;
  onCancel: () => void;
  children: (record: R) => ReactNode;
}

export function SettingsPage<R, V extends object>(props: SettingsPageProps<R, V>) {
  const { settings, ns, editable = true, skeleton, children } = props;
  const { t } = useTranslation(ns);
  const { form, record, query, submit, banner, failed } = settings;
  if (query.isError && !record) return <LoadFailure error={query.error as ApiHttpError} />;
  const saving = submit.submitting;
  return (
    <div className={props.className ?? 'account-page'}>
      <PageHeader
        title={props.title}
        actions={[
          { key: 'cancel', part: 'secondary', node: <Button onClick={props.onCancel}>{t('cancel')}</Button> },
          editable && {
            key: 'save',
            part: 'primary',
            node: (
              <Button type="primary" loading={saving} disabled={!record} onClick={submit.press}>
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
      {props.notices}
      {!record ? (
        <Skeleton active {...skeleton} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          disabled={!editable || saving}
          onFinish={submit.finish}
          onFinishFailed={submit.failed}
          {...props.formProps}
        >
          {children(record)}
        </Form>
      )}
    </div>
  );
}

/** A card of such a page: its title as a heading, and what it holds. */
export function SettingsCard(props: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      className="account-card"
      title={<h2 className="account-card__title">{props.title}</h2>}
      extra={props.extra}
    >
      {props.children}
    </Card>
  );
}
