/**
 * /user/company (spec 2 §Company profile, §4 'Company save', §5, §7, §8): sections Company Details, Company Demo
 * Model, Primary Color, Primary Accent, Company Logo, Background Image, the Autodesk option (admins) and the
 * licences bought and used (company-form.ts declares the fields). Read-only without edit-company. Colours preview
 * on the portal's theme while edited; Save ('Saving...', disabled) keeps them and shows 'Update successful' 3 s;
 * Cancel returns to / with the stored colours. A custom primary colour below WCAG AA against white text is saved
 * but warned about.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Button, Form, Select, Table } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyProfile } from '@shared/entities/company-profile';
import { PLATFORMS } from '@shared/platforms';
import { settingsValues } from '@/components/settings-form/SettingsFields';
import { SettingsPage } from '@/components/settings-form/SettingsPage';
import { useSettingsForm } from '@/components/settings-form/useSettingsForm';
import { AA_CONTRAST, contrastWithWhite, isHexColor } from '@/lib/colors';
import { licenceNameKey } from '@/lib/licence-names';
import { deployment } from '@/lib/runtime-config';
import type { LaravelList } from '@/providers/list-query';
import { tenantUpdates } from '@/providers/tenant-updates';
import { useAuthorization } from '@/providers/useAuthorization';
import { COMPANY_PROFILE_ABILITIES } from './company-profile-abilities';
import { DEMO_MODELS_CALL, type DemoModel } from './demo-models';
import {
  AUTODESK,
  COLORS,
  COMPANY_DETAILS,
  companyFields,
  type CompanyFormValues,
  demoModelField,
  IMAGES,
} from './company-form';
import './company-profile.css';

const tenantOf = (company: CompanyProfile, colors?: Partial<CompanyProfile['colors']>) => ({
  id: company.id,
  name: company.name,
  logo: company.logo,
  sub_domain: company.sub_domain,
  colors: { ...company.colors, ...colors },
});
const customColors = (values: CompanyFormValues) => ({
  primary_color: values.primary_color ?? '',
  primary_accent: values.primary_accent ?? '',
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
  const lastCustom = useRef(customColors({}));
  const fields = companyFields(admin);
  const settings = useSettingsForm<CompanyProfile, CompanyFormValues>({
    url: '/companies/my-company',
    fields,
    onLoad: (loaded, values) => {
      stored.current = loaded;
      lastCustom.current = customColors(values);
    },
    afterSave: ({ data: updated }, saved) => {
      stored.current = updated;
      tenantUpdates.publish(tenantOf(updated));
      saved.setFieldsValue({ ...settingsValues(fields, updated), logo: null, background_image: null });
      return 'updateSuccessful';
    },
  });
  const { form, record: company } = settings;
  const models = useCustom<LaravelList<DemoModel>>({
    url: DEMO_MODELS_CALL.url,
    method: 'get',
    meta: DEMO_MODELS_CALL.meta,
    config: { query: DEMO_MODELS_CALL.query, filters: DEMO_MODELS_CALL.filters },
    queryOptions: { enabled: editable, retry: false },
  });

  const restoreStored = () => {
    if (stored.current) tenantUpdates.publish(tenantOf(stored.current));
  };
  useEffect(() => restoreStored, []);

  const isDefault = Form.useWatch('is_default', form) ?? false;
  const primary = Form.useWatch('primary_color', form) ?? '';
  const accent = Form.useWatch('primary_accent', form) ?? '';
  const contrast = !isDefault && isHexColor(primary, false) ? contrastWithWhite(primary) : null;

  const preview = (values: CompanyFormValues) => {
    const { primary_color: primaryColor, primary_accent: accentColor } = customColors(values);
    if (!stored.current) return;
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
    const values = form.getFieldsValue();
    if (on && !values.is_default) lastCustom.current = customColors(values);
    const platform = PLATFORMS[deployment.host.platform];
    form.setFieldsValue(
      on
        ? { is_default: true, primary_color: platform.primaryColor, primary_accent: platform.accentColor }
        : { is_default: false, ...lastCustom.current },
    );
    preview(form.getFieldsValue());
  };

  const demoModels = models.result?.data?.data ?? [];
  const modelOptions = [
    ...demoModels,
    ...(company?.demo_model && !demoModels.some((model) => model.id === company.demo_model?.id)
      ? [company.demo_model]
      : []),
  ].map((model) => ({ value: model.id, label: model.name }));

  return (
    <SettingsPage
      settings={settings}
      className="account-page company-page"
      title={t('company.title')}
      ns="account"
      editable={editable}
      onCancel={() => {
        restoreStored();
        void navigate('/');
      }}
      notices={
        <>
          {!editable && (
            <Alert type="info" showIcon message={t('company.readOnly')} className="account-banner" />
          )}
          {contrast !== null && contrast < AA_CONTRAST && (
            <Alert
              type="warning"
              showIcon
              role="status"
              className="account-banner"
              message={t('company.lowContrast', { ratio: contrast.toFixed(2), required: AA_CONTRAST })}
            />
          )}
        </>
      }
      skeleton={{ paragraph: { rows: 8 } }}
      formProps={{ requiredMark: false, onValuesChange: (_, values) => preview(values) }}
      sections={[
        { key: 'details', titleKey: 'company.details', fields: COMPANY_DETAILS },
        {
          key: 'demoModel',
          titleKey: 'company.demoModel',
          fields: [
            demoModelField(
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('company.noDemoModel')}
                loading={models.query.isFetching}
                options={modelOptions}
                notFoundContent={t('company.noFinishedModels')}
              />,
            ),
          ],
        },
        {
          key: 'colors',
          titleKey: 'company.colors',
          fields: COLORS,
          extra: editable && (
            <Button onClick={() => setDefault(!isDefault)}>
              {isDefault ? t('company.setCustom') : t('company.resetDefault')}
            </Button>
          ),
          render: () =>
            !isDefault && (
              <div className="company-swatches" aria-hidden>
                <span style={{ background: isHexColor(primary, false) ? primary : undefined }} />
                <span style={{ background: isHexColor(accent, true) ? accent : undefined }} />
              </div>
            ),
        },
        { key: 'images', titleKey: 'company.images', fields: IMAGES },
        admin && { key: 'autodesk', titleKey: 'company.autodesk', fields: [AUTODESK] },
        {
          key: 'licences',
          titleKey: 'company.licences',
          render: (loaded) => (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={loaded.licenses}
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
          ),
        },
      ]}
    />
  );
}
