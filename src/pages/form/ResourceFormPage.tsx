/**
 * The generic create, edit and duplicate screen of a declared resource: the declared fields (in tabs when the
 * form has them; `?tab=` opens one), Save and Cancel. Server validation (422) shows under each field; a failed
 * save keeps everything the user typed.
 */
import { useForm } from '@refinedev/antd';
import { type BaseRecord, type HttpError, useOne } from '@refinedev/core';
import { Button, Form, Result, Skeleton, Tabs } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { FieldDeclaration, ResourcePageProps } from '@/resources/types';
import { ForbiddenPage } from '../ForbiddenPage';
import { PageHeader } from '../PageHeader';
import { fieldsFor, payloadFromValues, valuesFromRecord } from './form-values';
import { FormFieldInput } from './FormFieldInput';
import '../list/list.css';

export default function ResourceFormPage({ resource, action, presets }: ResourcePageProps) {
  const declaration = resource.form!;
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params[resource.idParam];
  const fields = useMemo(() => fieldsFor(declaration.fields, action), [declaration.fields, action]);
  const listPath = resource.routes.list ? `/${resource.routes.list}` : '/';
  const cloning = action === 'clone';

  const { formProps, saveButtonProps, query, form, formLoading } = useForm<
    BaseRecord,
    HttpError,
    Record<string, unknown>
  >({
    resource:
      cloning && declaration.cloneEndpoint
        ? `${resource.name}/${id}/${declaration.cloneEndpoint}`
        : resource.name,
    action: action === 'edit' ? 'edit' : 'create',
    id: action === 'edit' ? id : undefined,
    redirect: false,
    successNotification: () => ({ message: tl('saved'), type: 'success' }),
    onMutationSuccess: () => navigate(listPath),
  });

  // Duplicating starts from the original's values.
  const original = useOne<BaseRecord, HttpError>({
    resource: resource.name,
    id: id ?? '',
    queryOptions: { enabled: cloning && !!id },
  });
  const source = cloning ? original.result : query?.data?.data;
  useEffect(() => {
    if (!source) return;
    const values = valuesFromRecord(fields, source);
    const nameField = declaration.cloneNameField;
    if (cloning && nameField) values[nameField] = tl('copyName', { name: String(values[nameField] ?? '') });
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [cloning, declaration.cloneNameField, fields, form, source, tl]);

  const loadError = cloning ? original.query.error : query?.error;
  if (loadError?.statusCode === 403) return <ForbiddenPage />;
  if (loadError) {
    return (
      <Result
        status={loadError.statusCode === 404 ? '404' : 'error'}
        title={loadError.message}
        extra={<Button onClick={() => navigate(listPath)}>{tl('backToList')}</Button>}
      />
    );
  }
  const loading = (action === 'edit' && query?.isLoading) || (cloning && original.query.isLoading);

  const renderField = (field: FieldDeclaration) => (
    <Form.Item
      key={field.name}
      name={field.name}
      label={t(field.labelKey)}
      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
      rules={
        field.required
          ? [{ required: true, message: tl('required', { field: t(field.labelKey) }) }]
          : undefined
      }
    >
      <FormFieldInput field={field} ns={resource.ns} />
    </Form.Item>
  );

  const tabs = declaration.tabs;
  const requested = search.get('tab');
  const activeTab =
    tabs && requested
      ? (tabs.find((tab) => tab.key === requested) ?? tabs[Number(requested) - 1])?.key
      : undefined;

  return (
    <section className="form-page">
      <PageHeader title={t(`titles.${action}`)} />
      <Form
        {...formProps}
        layout="vertical"
        initialValues={{
          ...(action === 'edit'
            ? {}
            : Object.fromEntries(
                fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]),
              )),
          ...formProps.initialValues,
          ...presets?.(params),
        }}
        onFinish={(values) =>
          formProps.onFinish?.(payloadFromValues(fields, values as Record<string, unknown>))
        }
        className="form-page__card"
      >
        {loading ? (
          <Skeleton active />
        ) : tabs ? (
          <Tabs
            defaultActiveKey={activeTab}
            items={tabs.map((tab) => ({
              key: tab.key,
              label: t(tab.labelKey),
              forceRender: true,
              children: fields.filter((field) => field.tab === tab.key).map(renderField),
            }))}
          />
        ) : (
          fields.map(renderField)
        )}
        <div className="form-page__actions">
          <Button onClick={() => navigate(listPath)}>{tl('cancel')}</Button>
          <Button type="primary" {...saveButtonProps} loading={formLoading}>
            {tl('save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
