/**
 * Import materials (spec 2 §Materials and categories, `/materials/import`): an archive (.zip or .matz) goes up
 * through the resumable upload (kind 'material-archive'), then `POST /materials/import` with its upload id and an
 * optional category hands it to the processing worker; the screen follows the import's own status
 * (`GET /materials/import/{id}`, asked again every second while it is queued or running: spec 2 has no live
 * channel for materials) with a progress bar, and lists the materials it created. A 422 shows under its field.
 */
import { type HttpError, useCustom, useCustomMutation } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import { Button, Form, Progress, Select } from 'antd';
import { DisabledReason } from '@/ui/DisabledReason';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageHeader } from '@/components/PageHeader';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { UPLOAD_RULES } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import type { ResourcePageProps } from '@/declarations/types';
import type { MaterialImport } from '@shared/entities/materials';
import { materialPath } from './material-paths';
import '@/components/page.css';
import './materials.css';
import { useSafeSubmit } from '@/components/useSafeSubmit';

const POLL_MS = 1000;
const RUNNING: ReadonlyArray<MaterialImport['status']> = ['QUEUED', 'PROCESSING'];

export default function MaterialImportPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('materials');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { can } = useResourcePermissions(resource);
  const [uploadId, setUploadId] = useState<string>();
  const [categoryId, setCategoryId] = useState<number | undefined>(() => {
    const preset = Number(search.get('category'));
    return Number.isInteger(preset) && preset > 0 ? preset : undefined;
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [importId, setImportId] = useState<number>();
  const upload = useUploadQueue(UPLOAD_RULES['material-archive'], (item) => setUploadId(item.uploadId));
  const { selectProps } = useSelect({
    resource: 'materials/categories',
    optionLabel: 'name' as never,
    optionValue: 'id' as never,
    pagination: { pageSize: 100, mode: 'server' },
    debounce: 250,
    onSearch: (value) => [{ field: 'search', operator: 'eq', value }],
  });
  const { mutateAsync: start } = useCustomMutation<{ data: MaterialImport }>();
  const status = useCustom<{ data: MaterialImport }>({
    url: `/materials/import/${importId ?? 0}`,
    method: 'get',
    queryOptions: {
      enabled: importId !== undefined,
      refetchInterval: (query) => {
        const current = query.state.data?.data.data.status;
        return current && !RUNNING.includes(current) ? false : POLL_MS;
      },
    },
  });

  const startImport = async () => {
    setErrors({});
    if (!uploadId) return setErrors({ upload_id: [t('import.uploadFirst')] });
    try {
      const { data } = await start({
        url: '/materials/import',
        method: 'post',
        values: { upload_id: uploadId, ...(categoryId ? { category_id: categoryId } : {}) },
        successNotification: false,
        errorNotification: false,
      });
      setImportId(data.data.id);
    } catch (error) {
      setErrors((error as HttpError).errors as Record<string, string[]>);
    }
  };
  const [form] = Form.useForm();
  const submit = useSafeSubmit(form.submit, startImport);
  const restart = () => {
    upload.items.forEach((item) => upload.queue.cancel(item.key));
    setUploadId(undefined);
    setImportId(undefined);
  };

  if (!can('create')) return <ForbiddenPage reason="action" />;

  const current: MaterialImport | undefined = status.result.data?.data;
  const running = !current || RUNNING.includes(current.status);
  const fieldError = (field: string) =>
    errors?.[field]?.length ? { validateStatus: 'error' as const, help: errors[field].join(' ') } : {};
  const fileState = fieldError('upload_id');
  const categoryState = fieldError('category_id');

  return (
    <section className="form-page material-import">
      <Breadcrumbs items={[{ name: t('title'), to: '/materials' }, { name: t('titles.import') }]} />
      <PageHeader title={t('titles.import')} />
      <div className="form-page__card">
        <p className="material-import__intro">{t('import.intro')}</p>
        <Form
          form={form}
          layout="vertical"
          onFinish={submit.finish}
          onFinishFailed={submit.failed}
          disabled={importId !== undefined}
        >
          <Form.Item label={t('import.file')} htmlFor="material-archive" {...fileState}>
            <ResumableUpload handle={upload} id="material-archive" disabled={importId !== undefined} />
          </Form.Item>
          <Form.Item
            label={t('import.category')}
            htmlFor="material-import-category"
            extra={t('import.categoryHint')}
            {...categoryState}
          >
            <Select<number>
              {...(selectProps as object)}
              id="material-import-category"
              value={categoryId}
              onChange={(value) => setCategoryId(value ?? undefined)}
              allowClear
              optionFilterProp="label"
            />
          </Form.Item>
          {importId === undefined && (
            <div className="form-page__actions">
              <Button onClick={() => navigate('/materials')}>{tl('cancel')}</Button>
              {/* Until an archive is uploaded Import says so (issue 33); while one uploads, it shows progress. */}
              <DisabledReason reason={!upload.busy && !uploadId ? t('import.uploadFirst') : undefined}>
                <Button
                  type="primary"
                  onClick={submit.press}
                  loading={submit.submitting}
                  disabled={upload.busy || !uploadId}
                >
                  {t('import.start')}
                </Button>
              </DisabledReason>
            </div>
          )}
        </Form>
        {importId !== undefined && (
          <div className="material-import__status" role="status" aria-live="polite">
            <h2 className="form-section__title">{t('import.progress')}</h2>
            <p data-testid="import-state">
              {current ? t(`import.states.${current.status}`) : t('import.states.QUEUED')}
              {current?.message ? ` · ${current.message}` : ''}
            </p>
            <Progress
              percent={current?.progress ?? 0}
              status={
                current?.status === 'FAILED'
                  ? 'exception'
                  : current?.status === 'FINISHED'
                    ? 'success'
                    : 'active'
              }
              aria-label={t('import.progress')}
            />
            {!!current?.imported.length && (
              <>
                <h3 className="form-section__title">{t('import.imported')}</h3>
                <ul className="material-import__imported">
                  {current.imported.map((name) => (
                    <li key={name}>
                      <Link to={materialPath('materials/overview', { name })}>{name}</Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {!running && (
              <div className="form-page__actions">
                <Button onClick={restart}>{t('import.another')}</Button>
                <Button type="primary" onClick={() => navigate('/materials')}>
                  {t('import.back')}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
