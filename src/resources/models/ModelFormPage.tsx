/**
 * Create and edit a model (spec 2 §Models, §5; hatch only): name, description, project and the model file, sent
 * as a resumable upload while the form is open. Save is disabled while the file is on its way; the form sends the
 * finished upload's `upload_id` (on edit a new file replaces the old one and the model is processed again).
 * Server validation shows under the fields (an `upload_id` error under the file).
 */
import { useForm, useSelect } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Button, Form, Input, Select, Skeleton } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { LoadFailure } from '@/components/LoadFailure';
import { useGoBack } from '@/components/navigation-history';
import { useSafeSubmit } from '@/components/useSafeSubmit';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { PageHeader } from '@/components/PageHeader';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { formatBytes, MODEL_FILE_RULES, refusalOf } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import type { ResourcePageProps } from '@/declarations/types';
import { modelNameOf } from './model-status';
import type { ModelDetail } from '@shared/entities/models';
import type { ModelInput } from '@shared/entities/models';
import '@/components/page.css';
import './models.css';

/**
 * What a model create or update sends: the shared input's fields (shared/entities/models.ts). The form's `file`
 * field holds no value (the file stays in the upload queue); server errors about the file show under it.
 */
export type ModelPayload = Partial<ModelInput>;

const asMessages = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');

export default function ModelFormPage({ resource, action, presets }: ResourcePageProps) {
  const { t, i18n } = useTranslation('models');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const params = useParams();
  const editing = action === 'edit';
  const id = editing ? params[resource.idParam] : undefined;
  const preset = presets?.(params) ?? {};
  const { can } = useResourcePermissions(resource);

  const { formProps, query, form } = useForm<ModelDetail, HttpError, ModelPayload>({
    resource: resource.name,
    action: editing ? 'edit' : 'create',
    id,
    redirect: false,
    liveMode: 'off',
    successNotification: () => ({ message: tl('saved'), type: 'success' }),
    onMutationSuccess: ({ data }) => navigate(`/projects/models/overview/${data.id}`),
    // The file arrives as `upload_id`: its errors belong under the file, and the file shows the refusal instead
    // of its 'Uploaded' tick (issue 31).
    onMutationError: (error) => {
      const messages = asMessages(error.errors?.upload_id);
      if (messages.length) form.setFields([{ name: 'file', errors: messages }]);
      const refusal = [...messages, ...asMessages(error.errors?.file)][0];
      if (refusal) upload.queue.refuseFinished(refusal);
    },
  });

  const suggestedName = useRef<string | null>(null);
  const upload = useUploadQueue(MODEL_FILE_RULES, () => form.setFields([{ name: 'file', errors: [] }]));
  const uploadId = upload.items.find((item) => item.state === 'finished')?.uploadId;

  const projectId = Form.useWatch('project_id', form) as number | null | undefined;
  const { selectProps: projectSelect } = useSelect({
    resource: 'projects',
    optionLabel: 'name' as never,
    optionValue: 'id' as never,
    defaultValue: projectId ?? undefined,
    pagination: { pageSize: 25, mode: 'server' },
    debounce: 250,
    meta: { query: { include_sub_projects: 1 } },
    onSearch: (value) => [{ field: 'search', operator: 'eq', value }],
  });

  const submit = useSafeSubmit(form.submit, (values: ModelPayload) =>
    formProps.onFinish?.({
      name: values.name,
      description: values.description ?? null,
      project_id: values.project_id ?? null,
      ...(uploadId ? { upload_id: uploadId } : {}),
    }),
  );

  const record = query?.data?.data;
  // Cancel goes back where the form was opened (the processor, a project); opened directly (issue 31), to the
  // model's overview, its project or the projects.
  const back = useGoBack(
    editing && id
      ? `/projects/models/overview/${id}`
      : preset.project_id
        ? `/projects/overview/${String(preset.project_id)}`
        : '/projects',
  );

  if (!can(action)) return <ForbiddenPage reason="action" />;
  if (query?.error) {
    return <LoadFailure error={query.error} back={{ to: '/projects', label: t('backToProjects') }} />;
  }

  return (
    <section className="form-page">
      <PageHeader title={t(editing ? 'titles.edit' : 'titles.create')} />
      <Form<ModelPayload>
        {...formProps}
        layout="vertical"
        initialValues={{ ...formProps.initialValues, ...preset }}
        onFinish={submit.finish}
        onFinishFailed={submit.failed}
        className="form-page__card model-form"
      >
        {editing && query?.isLoading ? (
          <Skeleton active />
        ) : (
          <>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[{ required: true, message: tl('required', { field: t('fields.name') }) }]}
            >
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={3} maxLength={5000} showCount />
            </Form.Item>
            <Form.Item name="project_id" label={t('fields.project')}>
              <Select
                {...projectSelect}
                allowClear
                showSearch
                placeholder={t('noProject')}
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item
              name="file"
              label={t('fields.file')}
              required={!editing}
              extra={
                editing && record?.file
                  ? t('currentFile', {
                      name: record.file.name,
                      size: formatBytes(record.file.size, i18n.resolvedLanguage),
                    })
                  : undefined
              }
              rules={[
                {
                  validator: () =>
                    editing || uploadId
                      ? Promise.resolve()
                      : Promise.reject(new Error(t(upload.busy ? 'fileUploading' : 'fileRequired'))),
                },
              ]}
            >
              <ResumableUpload
                handle={upload}

                hint={t(editing ? 'fileHintReplace' : 'fileHint')}
                onAdd={([file]) => {
                  // A usable file names the model, unless the user named it already.
                  const name: unknown = form.getFieldValue('name');
                  if (!file || refusalOf(file, MODEL_FILE_RULES)) return;
                  if (!name || name === suggestedName.current) {
                    suggestedName.current = modelNameOf(file.name);
                    form.setFieldValue('name', suggestedName.current);
                  }
                }}
              />
            </Form.Item>
          </>
        )}
        <div className="form-page__actions">
          <Button onClick={back}>{tl('cancel')}</Button>
          <Button
            type="primary"
            htmlType="button"
            onClick={submit.press}
            // Submitting, not refine's formLoading, which also holds while the record is fetched again (ResourceFormPage).
            disabled={upload.busy || (editing && query?.isLoading) || submit.submitting}
            loading={submit.submitting}
          >
            {upload.busy ? t('waitingForUpload') : tl('save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
