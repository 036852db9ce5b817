/**
 * /user/company (spec 2 §Company profile, §4 'Company save', §5, §7, §8): sections Company Details, Company Demo
 * Model, Primary Color, Primary Accent, Company Logo, Background Image, the Autodesk option (admins) and the
 * licences bought and used. Read-only without edit-company. Colours preview on the portal's theme while edited;
 * Save ('Saving...', disabled) keeps them and shows 'Update successful' 3 s; Cancel returns to / with the stored
 * colours. A custom primary colour below WCAG AA against white text is saved but warned about.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Table } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyProfile } from '@shared/entities/company-profile';
import { PLATFORMS } from '@shared/platforms';
import { IMAGE_RULES } from '@shared/image-rules';
import { LoadFailure } from '@/components/LoadFailure';
import { SettingsPageHeader } from '@/components/settings-form/SettingsPageHeader';
import { SettingsTextFields } from '@/components/settings-form/SettingsTextFields';
import { useSettingsForm } from '@/components/settings-form/useSettingsForm';
import { AA_CONTRAST, contrastWithWhite, isHexColor } from '@/lib/colors';
import { licenceNameKey } from '@/lib/licence-names';
import { deployment } from '@/lib/runtime-config';
import type { ApiHttpError } from '@/providers/data-provider';
import type { LaravelList } from '@/providers/list-query';
import { tenantUpdates } from '@/providers/tenant-updates';
import { useAuthorization } from '@/providers/useAuthorization';
import { COMPANY_PROFILE_ABILITIES } from './company-profile-abilities';
import { ColorField } from './ColorField';
import { DEMO_MODELS_CALL, type DemoModel } from './demo-models';
import {
  COMPANY_DESCRIPTION,
  COMPANY_DETAILS,
  COMPANY_FIELDS,
  type CompanyFormValues,
  companyPayload,
  companyValues,
} from './company-form';
import { ImageField } from './ImageField';
import '@/components/page.css';
import './company-profile.css';

const tenantOf = (company: CompanyProfile, colors?: Partial<CompanyProfile['colors']>) => ({
  id: company.id,
  name: company.name,
  logo: company.logo,
  sub_domain: company.sub_domain,
  colors: { ...company.colors, ...colors },
});

export default function CompanyProfilePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { can, user } = useAuthorization();
  const editable = can(COMPANY_PROFILE_ABILITIES.update);
  const admin = !!user?.admin;
  // The stored company: Cancel (or leaving unsaved) puts its colours back on the theme.
  const stored = useRef<CompanyProfile | null>(null);
  // The last custom colours, for 'Set Custom Company color'.
  const lastCustom = useRef({ primary_color: '', primary_accent: '' });
  const {
    form,
    record: company,
    query,
    submit,
    banner,
    failed,
  } = useSettingsForm<CompanyProfile, CompanyFormValues>({
    url: '/companies/my-company',
    values: (loaded) => {
      stored.current = loaded;
      lastCustom.current = {
        primary_color: loaded.colors.primary_color ?? '',
        primary_accent: loaded.colors.primary_accent ?? '',
      };
      return companyValues(loaded);
    },
    payload: (values) => companyPayload(values, admin),
    messageFields: COMPANY_FIELDS,
    afterSave: ({ data: updated }, saved) => {
      stored.current = updated;
      tenantUpdates.publish(tenantOf(updated));
      saved.setFieldsValue({ ...companyValues(updated), logo: null, background_image: null });
      return 'updateSuccessful';
    },
  });
  const models = useCustom<LaravelList<DemoModel>>({
    url: DEMO_MODELS_CALL.url,
    method: 'get',
    meta: DEMO_MODELS_CALL.meta,
    config: { query: DEMO_MODELS_CALL.query, filters: DEMO_MODELS_CALL.filters },
    queryOptions: { enabled: editable, retry: false },
  });

  useEffect(
    () => () => {
      if (stored.current) tenantUpdates.publish(tenantOf(stored.current));
    },
    [],
  );

  const isDefault = Form.useWatch('is_default', form) ?? false;
  const primary = Form.useWatch('primary_color', form) ?? '';
  const accent = Form.useWatch('primary_accent', form) ?? '';
  const contrast = !isDefault && isHexColor(primary, false) ? contrastWithWhite(primary) : null;

  const preview = (values: CompanyFormValues) => {
    if (!stored.current) return;
    const primaryColor = values.primary_color ?? '';
    const accentColor = values.primary_accent ?? '';
    if (
      !values.is_default &&
      (!isHexColor(primaryColor, false) || (accentColor && !isHexColor(accentColor, true)))
    )
      return;
    tenantUpdates.publish(
      tenantOf(stored.current, {
        primary_color: primaryColor || null,
        primary_accent: accentColor || null,
        is_default: !!values.is_default,
      }),
    );
  };

  const setDefault = (on: boolean) => {
    if (on) {
      const values = form.getFieldsValue();
      if (!values.is_default) {
        lastCustom.current = {
          primary_color: values.primary_color ?? '',
          primary_accent: values.primary_accent ?? '',
        };
      }
      const platform = PLATFORMS[deployment.host.platform];
      form.setFieldsValue({
        is_default: true,
        primary_color: platform.primaryColor,
        primary_accent: platform.accentColor,
      });
    } else {
      form.setFieldsValue({ is_default: false, ...lastCustom.current });
    }
    preview(form.getFieldsValue());
  };

  const cancel = () => {
    if (stored.current) tenantUpdates.publish(tenantOf(stored.current));
    void navigate('/');
  };

  if (query.isError && !company) return <LoadFailure error={query.error as ApiHttpError} />;

  const saving = submit.submitting;
  const modelOptions = [
    ...(models.result?.data?.data ?? []),
    ...(company?.demo_model &&
    !models.result?.data?.data?.some((model) => model.id === company.demo_model?.id)
      ? [company.demo_model]
      : []),
  ].map((model) => ({ value: model.id, label: model.name }));

  return (
    <div className="account-page company-page">
      <SettingsPageHeader
        title={t('company.title')}
        ns="account"
        ready={!!company}
        editable={editable}
        saving={saving}
        banner={banner}
        failed={failed}
        onCancel={cancel}
        onSave={submit.press}
      />
      {!editable && <Alert type="info" showIcon message={t('company.readOnly')} className="account-banner" />}
      {contrast !== null && contrast < AA_CONTRAST && (
        <Alert
          type="warning"
          showIcon
          role="status"
          className="account-banner"
          message={t('company.lowContrast', { ratio: contrast.toFixed(2), required: AA_CONTRAST })}
        />
      )}
      {!company ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={!editable || saving}
          onFinish={submit.finish}
          onFinishFailed={submit.failed}
          onValuesChange={(_, values) => preview(values)}
        >
          <Form.Item name="is_default" hidden>
            <Input />
          </Form.Item>
          <Card
            className="account-card"
            title={<h2 className="account-card__title">{t('company.details')}</h2>}
          >
            <SettingsTextFields fields={COMPANY_DETAILS} ns="account" className="settings-grid" />
            <SettingsTextFields fields={COMPANY_DESCRIPTION} ns="account" />
          </Card>
          <Card
            className="account-card"
            title={<h2 className="account-card__title">{t('company.demoModel')}</h2>}
          >
            <Form.Item name="demo_model_id" label={t('company.demoModelLabel')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('company.noDemoModel')}
                loading={models.query.isFetching}
                options={modelOptions}
                notFoundContent={t('company.noFinishedModels')}
              />
            </Form.Item>
          </Card>
          <Card
            className="account-card"
            title={<h2 className="account-card__title">{t('company.colors')}</h2>}
            extra={
              editable &&
              (isDefault ? (
                <Button onClick={() => setDefault(false)}>{t('company.setCustom')}</Button>
              ) : (
                <Button onClick={() => setDefault(true)}>{t('company.resetDefault')}</Button>
              ))
            }
          >
            <div className="settings-grid">
              <Form.Item
                name="primary_color"
                label={t('company.primaryColor')}
                rules={[
                  {
                    validator: async (_, value: string) => {
                      if (!isDefault && !isHexColor(value ?? '', false))
                        throw new Error(t('company.invalidColor'));
                    },
                  },
                ]}
              >
                <ColorField allowAlpha={false} isDefault={isDefault} />
              </Form.Item>
              <Form.Item
                name="primary_accent"
                label={t('company.primaryAccent')}
                extra={t('company.accentHint')}
                rules={[
                  {
                    validator: async (_, value: string) => {
                      if (!isDefault && value && !isHexColor(value, true))
                        throw new Error(t('company.invalidColor'));
                    },
                  },
                ]}
              >
                <ColorField allowAlpha isDefault={isDefault} />
              </Form.Item>
            </div>
            {!isDefault && (
              <div className="company-swatches" aria-hidden>
                <span style={{ background: isHexColor(primary, false) ? primary : undefined }} />
                <span style={{ background: isHexColor(accent, true) ? accent : undefined }} />
              </div>
            )}
          </Card>
          <Card
            className="account-card"
            title={<h2 className="account-card__title">{t('company.images')}</h2>}
          >
            <div className="settings-grid">
              <Form.Item name="logo" label={t('company.logo')} extra={t('company.logoHint')}>
                <ImageField current={company.logo} rule={IMAGE_RULES.logo} alt={t('company.logo')} />
              </Form.Item>
              <Form.Item
                name="background_image"
                label={t('company.background')}
                extra={t('company.backgroundHint')}
              >
                <ImageField
                  current={company.background_image}
                  rule={IMAGE_RULES.background}
                  alt={t('company.background')}
                />
              </Form.Item>
            </div>
          </Card>
          {admin && (
            <Card
              className="account-card"
              title={<h2 className="account-card__title">{t('company.autodesk')}</h2>}
            >
              <Form.Item name="autodesk_integration" label={t('company.autodeskLabel')}>
                <Select
                  options={(['no', 'yes', 'yes_always_prompt'] as const).map((value) => ({
                    value,
                    label: t(`company.autodeskOptions.${value}`),
                  }))}
                />
              </Form.Item>
            </Card>
          )}
          <Card
            className="account-card"
            title={<h2 className="account-card__title">{t('company.licences')}</h2>}
          >
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={company.licenses}
              columns={[
                {
                  key: 'key',
                  title: t('company.licence'),
                  render: (_, licence) => t(licenceNameKey(licence.key), { defaultValue: licence.key }),
                },
                { key: 'bought', dataIndex: 'bought', title: t('company.bought'), align: 'right' },
                { key: 'used', dataIndex: 'used', title: t('company.used'), align: 'right' },
                {
                  key: 'available',
                  title: t('company.available'),
                  align: 'right',
                  render: (_, licence) => Math.max(0, licence.bought - licence.used),
                },
              ]}
            />
          </Card>
        </Form>
      )}
    </div>
  );
}
