/**
 * A page that edits the user's own record (useSettingsForm): the header with its title, Cancel and (when the user
 * may edit) Save, 'Saving...' while it is sent; below it the success banner or the failure of a save and the page's
 * own notices; then the form once the record has loaded (a skeleton until then, the load's failure if it fails):
 * its declared tabs (settings-tabs.ts) or its declared sections (each a card of its fields and what else it shows).
 */
import { Alert, Button, Card, Form, type FormProps, Skeleton, type SkeletonProps, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import type { ApiHttpError } from '@/providers/data-provider';
import { type SettingsField, SettingsFields } from './SettingsFields';
import type { SettingsTabContext } from './settings-tabs';
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
  /** The form's content where the page has no tabs: its cards. */
  sections?: readonly (SettingsSection<R, V> | false)[];
}

/** A card of a settings page (the company's Company Details, its colours, its licences). */
export interface SettingsSection<R, V> {
  key: string;
  /** The card's title (the page's namespace). */
  titleKey: string;
  /** The fields it holds, the form's (useSettingsForm's `fields`). */
  fields?: readonly SettingsField<R>[];
  /** Beside the title (the colours' 'Reset to default'). */
  extra?: ReactNode;
  /** Below the fields (the colours' swatches, the licences' table). */
  render?: (record: R, context: SettingsTabContext<V>) => ReactNode;
}

export function SettingsPage<R extends object, V extends object>(props: SettingsPageProps<R, V>) {
  const { settings, ns, editable = true, skeleton } = props;
  const { t } = useTranslation(ns);
  const { form, record, query, submit, banner, failed, tabs, tab } = settings;
  const context = { form, submit, reload: () => void query.refetch() };
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
          {tabs.length ? (
            <Tabs
              activeKey={tab.active}
              onChange={tab.open}
              destroyOnHidden={false}
              items={tabs.map(({ key, labelKey, fields, render }) => ({
                key,
                label: t(labelKey),
                forceRender: !!fields,
                children: render(record, context),
              }))}
            />
          ) : (
            props.sections?.map(
              (section) =>
                section && (
                  <SettingsCard key={section.key} title={t(section.titleKey)} extra={section.extra}>
                    {section.fields && <SettingsFields fields={section.fields} ns={ns} record={record} />}
                    {section.render?.(record, context)}
                  </SettingsCard>
                ),
            )
          )}
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
