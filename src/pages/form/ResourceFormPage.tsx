/**
 * The generic create, edit and duplicate screen of a declared resource: the declared fields (in tabs when the
 * form has them; `?tab=` opens one), Save and Cancel. Server validation (422) shows under each field, and the
 * first tab with an invalid field opens; a failed save keeps everything the user typed. Values a route presets
 * (e.g. the parent of a sub-project) are sent with the form. After saving it goes where the form declares
 * (`redirect`: the list by default, the saved record's overview or edit screen, a path of the saved record such as
 * its parent container, or back one page). Cancel goes back one page when that page is a portal screen, else to
 * the list: a form opened directly (a new tab, a bookmark) never leaves the portal (issue 31). The fields'
 * client-side rules come from the entity's shared input schema when the form names it (`schema`). A change made
 * elsewhere to the record being edited shows until the user changes a field; then what they typed stays.
 */
import { useForm } from '@refinedev/antd';
import { type BaseRecord, type HttpError, useOne } from '@refinedev/core';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import { Glyph } from '@/ui/Glyph';
import { Button, Form, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type {
  FieldDeclaration,
  PageAction,
  ResourceDeclaration,
  ResourcePageProps,
} from '@/declarations/types';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { LoadFailure } from '@/components/LoadFailure';
import { useGoBack } from '@/components/navigation-history';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useSafeSubmit } from '@/components/useSafeSubmit';
import { recordKey, recordPath } from '@/declarations/derive';
import { PageHeader } from '@/components/PageHeader';
import {
  fieldsFor,
  firstInvalidTab,
  initialValues,
  knownOptions,
  namePath,
  payloadFromValues,
  valuesFromRecord,
} from './form-values';
import { FormFieldInput } from './FormFieldInput';
import { FormUploadsProvider, useFormUploads } from './form-uploads';
import { formatBytes } from '@/components/upload/upload-rules';
import { rulesFromSchema, schemaMaxLength, useInputSchema } from '@/lib/schema-rules';
import '@/components/page.css';

/** A record's History loads when it is first opened. */
const RecordHistoryDialog = lazy(() => import('@/components/history/RecordHistoryDialog'));

/** Below antd's `sm` breakpoint: phones held upright. */
const PHONE_QUERY = '(max-width: 575px)';

/**
 * The screen a form falls back to when it has no page to go back to: the resource's list; without one, an edit
 * form's record overview (an item, a material) or the declared `fallbackPath` (`/libraries`), else the start page.
 */
function fallbackOf(
  resource: ResourceDeclaration,
  action: PageAction,
  params: Record<string, string | undefined>,
): string {
  const id = params[resource.idParam];
  if (resource.routes.list) return `/${resource.routes.list}`;
  if (action === 'edit' && resource.routes.show && id !== undefined) {
    return recordPath(resource.routes.show, resource, { [resource.idField ?? 'id']: id });
  }
  const fallback = resource.form?.fallbackPath;
  return (typeof fallback === 'function' ? fallback(params) : fallback) ?? '/';
}

export default function ResourceFormPage({ resource, action, presets, titleKey }: ResourcePageProps) {
  const declaration = resource.form!;
  const { t } = useTranslation(resource.ns);
  const { t: tl, i18n } = useTranslation('lists');
  const navigate = useNavigate();
  const params = useParams();
  const uploads = useFormUploads();
  const [search] = useSearchParams();
  const id = params[resource.idParam];
  const fields = useMemo(() => fieldsFor(declaration.fields, action), [declaration.fields, action]);
  const listPath = fallbackOf(resource, action, params);
  const goBack = useGoBack(listPath);
  const cloning = action === 'clone';
  const [historyOpen, setHistoryOpen] = useState(false);
  const { can } = useResourcePermissions(resource);
  const { schema, ready: rulesReady } = useInputSchema(declaration.schema);
  const tabs = declaration.tabs;
  const requested = search.get('tab');
  const [activeTab, setActiveTab] = useState(
    () =>
      (requested ? (tabs?.find((tab) => tab.key === requested) ?? tabs?.[Number(requested) - 1]) : undefined)
        ?.key ?? tabs?.[0]?.key,
  );
  // A phone has no room for the tab bar: the tabs become sections one below the other, and the requested (or
  // invalid) one is scrolled to.
  const narrow = useMediaQuery(PHONE_QUERY);
  useEffect(() => {
    if (narrow && activeTab && activeTab !== tabs?.[0]?.key) {
      document.getElementById(`form-section-${activeTab}`)?.scrollIntoView({ block: 'start' });
    }
  }, [activeTab, narrow, tabs]);
  /** Opens the first tab holding one of these (invalid) fields. */
  const showInvalidTab = (names: string[]) => {
    const tab = firstInvalidTab(fields, tabs, names);
    if (tab) setActiveTab(tab);
  };

  const { formProps, query, form } = useForm<BaseRecord, HttpError, Record<string, unknown>>({
    resource:
      cloning && declaration.cloneEndpoint
        ? `${resource.name}/${id}/${declaration.cloneEndpoint}`
        : (declaration.endpoint ?? resource.name),
    action: action === 'edit' ? 'edit' : 'create',
    id: action === 'edit' ? id : undefined,
    redirect: false,
    // A change made elsewhere (a live event) shows in the form until the user has changed a field; from then on
    // what they typed stays, and Save writes it.
    liveMode: 'manual',
    onLiveEvent: () => {
      if (!form.isFieldsTouched()) void query?.refetch();
    },
    successNotification: () => ({
      message: declaration.successKey ? t(declaration.successKey) : tl('saved'),
      type: 'success',
    }),
    onMutationSuccess: ({ data }) => {
      const target = declaration.redirect ?? 'list';
      if (target === 'back') return goBack();
      const saved = data && recordKey(resource, data) !== undefined ? data : undefined;
      if (typeof target === 'function') return void navigate(saved ? target(saved) : listPath);
      const path = target === 'list' ? undefined : resource.routes[target];
      void navigate(path && saved ? recordPath(path, resource, saved) : listPath);
    },
    onMutationError: (error) => showInvalidTab(Object.keys(error.errors ?? {})),
  });

  // Not refine's formLoading: that also holds while the record is fetched again in the background (a live event,
  // another screen's write invalidating it), and a Save disabled for that moment swallows the click.
  const submit = useSafeSubmit(form.submit, (values: Record<string, unknown>) =>
    formProps.onFinish?.(payloadFromValues(fields, { ...presets?.(params), ...values })),
  );

  // Duplicating starts from the original's values.
  const original = useOne<BaseRecord, HttpError>({
    resource: resource.name,
    id: id ?? '',
    queryOptions: { enabled: cloning && !!id },
  });
  const source = cloning ? original.result : query?.data?.data;
  // A new record that starts from another (`inheritFrom`: a material variant from its base) takes its values of
  // the declared fields, unless the user has changed them already.
  const inherit = action === 'create' ? declaration.inheritFrom : undefined;
  const inheritKey = inherit ? params[inherit.param] : undefined;
  const inherited = useMemo(
    () => fields.filter((field) => inherit?.fields.includes(field.name)),
    [fields, inherit],
  );
  const base = useOne<BaseRecord, HttpError>({
    resource: resource.name,
    id: inheritKey ?? '',
    queryOptions: { enabled: !!inheritKey },
  }).result;
  const known = useMemo(
    () => ({ ...knownOptions(inherited, base), ...knownOptions(fields, source) }),
    [fields, inherited, base, source],
  );
  useEffect(() => {
    if (!base) return;
    const values = valuesFromRecord(inherited, base);
    for (const field of inherited) if (form.isFieldTouched(namePath(field.name))) delete values[field.name];
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [base, form, inherited]);
  useEffect(() => {
    if (!source) return;
    const values = valuesFromRecord(fields, source);
    const nameField = declaration.cloneNameField;
    if (cloning && nameField) values[nameField] = tl('copyName', { name: String(values[nameField] ?? '') });
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [cloning, declaration.cloneNameField, fields, form, source, tl]);

  // A form opened by its URL without the ability to use it (the buttons leading here are hidden then).
  if (!can(action)) return <ForbiddenPage reason="action" />;
  const loadError = cloning ? original.query.error : query?.error;
  if (loadError) {
    // Not the record's own overview: it is what failed to load.
    const back = { to: fallbackOf(resource, 'list', params), label: tl('backToList') };
    return <LoadFailure error={loadError} back={back} />;
  }
  const loading = (action === 'edit' && query?.isLoading) || (cloning && original.query.isLoading);

  const rulesOf = (field: FieldDeclaration) => {
    const label = t(field.labelKey);
    // On edit, a file field left empty keeps the record's file: it is never required there.
    const keepsFile = action === 'edit' && field.kind === 'file';
    if (field.requiredKey && !keepsFile) return [{ required: true, message: t(field.requiredKey) }];
    if (schema) {
      const rules = rulesFromSchema(schema, field.name, {
        required: tl('required', { field: label }),
        minLength: (min) => tl('rules.minLength', { field: label, min }),
        maxLength: (max) => tl('rules.maxLength', { field: label, max }),
        pattern: tl('rules.pattern', { field: label }),
        oneOf: tl('rules.oneOf', { field: label }),
        email: tl('rules.email', { field: label }),
        range: (min, max) => tl('rules.range', { field: label, min, max }),
      });
      // A file field holds an upload id (or the record's file) the user never types: only whether one is
      // required applies to it.
      if (field.kind === 'file') return keepsFile ? [] : rules.filter((rule) => 'required' in rule);
      return rules;
    }
    return [
      ...(field.required ? [{ required: true, message: tl('required', { field: label }) }] : []),
      ...(field.maxLength
        ? [{ max: field.maxLength, message: tl('rules.maxLength', { field: label, max: field.maxLength }) }]
        : []),
    ];
  };
  /** Below the input: the declared hint, or on edit the file the record holds now. */
  const extraOf = (field: FieldDeclaration) => {
    if (field.helpKey) return t(field.helpKey);
    const file = action === 'edit' && source && field.currentFile?.(source);
    if (!file) return undefined;
    return tl('upload.current', { name: file.name, size: formatBytes(file.size, i18n.resolvedLanguage) });
  };
  const renderField = (field: FieldDeclaration) => (
    <Form.Item
      key={field.name}
      name={namePath(field.name)}
      label={t(field.labelKey)}
      extra={extraOf(field)}
      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
      rules={rulesOf(field)}
    >
      <FormFieldInput
        field={{ ...field, maxLength: field.maxLength ?? schemaMaxLength(schema, field.name) }}
        ns={resource.ns}
        known={known[field.name]}
        mode={action === 'edit' ? 'edit' : 'create'}
      />
    </Form.Item>
  );

  return (
    <section className="form-page">
      <PageHeader
        title={t(titleKey ?? `titles.${action}`)}
        actions={[
          action === 'edit' &&
            id !== undefined && {
              key: 'history',
              part: 'secondary',
              command: { label: tl('history.open'), run: () => setHistoryOpen(true) },
              node: (
                <Button icon={<Glyph icon={HistoryOutlined} />} onClick={() => setHistoryOpen(true)}>
                  {tl('history.open')}
                </Button>
              ),
            },
        ]}
      />
      {historyOpen && id !== undefined && (
        <Suspense fallback={null}>
          <RecordHistoryDialog resource={resource} recordKey={id} close={() => setHistoryOpen(false)} />
        </Suspense>
      )}
      <Form
        {...formProps}
        layout="vertical"
        initialValues={{
          ...(action === 'edit' ? {} : initialValues(fields)),
          // The record as the declared fields hold it, not the record itself: refine resets the form to these
          // values, and a raw field can collide with a declared one's path (the company's `licenses` list under
          // `licenses.hatch`, which left the licence inputs empty).
          ...(formProps.initialValues ? valuesFromRecord(fields, formProps.initialValues) : {}),
          ...presets?.(params),
        }}
        onFinish={(values) => submit.finish(values as Record<string, unknown>)}
        onFinishFailed={(failure) => {
          submit.failed(failure);
          showInvalidTab(failure.errorFields.map((field) => String(field.name[0])));
        }}
        className="form-page__card"
        // Until its rules have loaded the form is not ready to use (Save is disabled, required marks are missing).
        aria-busy={!rulesReady}
      >
        <FormUploadsProvider value={uploads.report}>
          {loading ? (
            <div role="status">
              {declaration.loadingKey && <p className="form-page__loading">{t(declaration.loadingKey)}</p>}
              <Skeleton active />
            </div>
          ) : tabs && narrow ? (
            tabs.map((tab) => (
              <section
                key={tab.key}
                id={`form-section-${tab.key}`}
                className="form-section"
                aria-labelledby={`form-section-${tab.key}-title`}
              >
                <h2 className="form-section__title" id={`form-section-${tab.key}-title`}>
                  {t(tab.labelKey)}
                </h2>
                {fields.filter((field) => field.tab === tab.key).map(renderField)}
              </section>
            ))
          ) : tabs ? (
            <Tabs
              activeKey={activeTab}
              onChange={setActiveTab}
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
        </FormUploadsProvider>
        <div className="form-page__actions">
          <Button onClick={goBack}>{tl('cancel')}</Button>
          <Button
            type="primary"
            htmlType="button"
            onClick={submit.press}
            disabled={loading || submit.submitting || !rulesReady || uploads.busy}
            loading={submit.submitting}
          >
            {uploads.busy ? tl('upload.inProgress') : tl('save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
