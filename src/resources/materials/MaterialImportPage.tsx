/**
 * Import materials (spec 2 §Materials and categories, `/materials/import`): an archive (.zip or .matz) goes up
 * through the resumable upload (kind 'material-archive'), then `POST /materials/import` with its upload id and an
 * optional category hands it to the processing worker; the screen follows the import's own status
 * (`GET /materials/import/{id}`, asked again every second while it is queued or running: spec 2 has no live
 * channel for materials) with a progress bar, and lists the materials it created. A 422 shows under its field.
 */
import { useSelect } from '@refinedev/antd';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Form, Progress, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MaterialImport } from '@shared/entities/materials';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { fieldErrorsOf } from '@/components/field-errors';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { PageHeader } from '@/components/PageHeader';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useSafeSubmit } from '@/components/useSafeSubmit';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { UPLOAD_RULES } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import type { ResourcePageProps } from '@/declarations/types';
import { DisabledReason } from '@/ui/DisabledReason';
import { materialPath } from './material-paths';
import '@/components/page.css';
import './materials.css';

const POLL_MS = 1000;
const RUNNING: ReadonlyArray<MaterialImport['status']> = ['QUEUED', 'PROCESSING'];
/** The progress bar's colour once the import has ended; 'active' until then. */
const ENDED: Partial<Record<MaterialImport['status'], 'exception' | 'success'>> = {
  FAILED: 'exception',
  FINISHED: 'success',
};

interface ImportValues {
  upload_id?: string;
  category_id?: number;
}

export default function MaterialImportPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('materials');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { can } = useResourcePermissions(resource);
  const [form] = Form.useForm<ImportValues>();
  const uploadId = Form.useWatch('upload_id', form);
  const [importId, setImportId] = useState<number>();
  const started = importId !== undefined;
  const upload = useUploadQueue(UPLOAD_RULES['material-archive'], (item) =>
    form.setFieldValue('upload_id', item.uploadId),
  );
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
      enabled: started,
      refetchInterval: (query) => {
        const current = query.state.data?.data.data.status;
        return current && !RUNNING.includes(current) ? false : POLL_MS;
      },
    },
  });

  const submit = useSafeSubmit(form.submit, async ({ upload_id, category_id }: ImportValues) => {
    if (!upload_id) return form.setFields([{ name: 'upload_id', errors: [t('import.uploadFirst')] }]);
    try {
      const { data } = await start({
        url: '/materials/import',
        method: 'post',
        values: { upload_id, ...(category_id ? { category_id } : {}) },
        successNotification: false,
        errorNotification: false,
      });
      setImportId(data.data.id);
    } catch (failure) {
      form.setFields(fieldErrorsOf<keyof ImportValues>(failure));
    }
  });
  const restart = () => {
    upload.items.forEach((item) => upload.queue.cancel(item.key));
    form.setFieldValue('upload_id', undefined);
    setImportId(undefined);
  };

  if (!can('create')) return <ForbiddenPage reason="action" />;

  const preset = Number(search.get('category'));
  const current: MaterialImport | undefined = status.result.data?.data;
  const running = !current || RUNNING.includes(current.status);

  return (
    <section className="form-page material-import">
      <Breadcrumbs items={[{ name: t('title'), to: '/materials' }, { name: t('titles.import') }]} />
      <PageHeader title={t('titles.import')} />
      <div className="form-page__card">
        <p className="material-import__intro">{t('import.intro')}</p>
        <Form<ImportValues>
          form={form}
          layout="vertical"
          initialValues={Number.isInteger(preset) && preset > 0 ? { category_id: preset } : undefined}
          onFinish={submit.finish}
          onFinishFailed={submit.failed}
          disabled={started}
        >
          <Form.Item name="upload_id" label={t('import.file')}>
            <ResumableUpload handle={upload} disabled={started} />
          </Form.Item>
          <Form.Item name="category_id" label={t('import.category')} extra={t('import.categoryHint')}>
            <Select<number> {...(selectProps as object)} allowClear optionFilterProp="label" />
          </Form.Item>
          {!started && (
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
        {started && (
          <div className="material-import__status" role="status" aria-live="polite">
            <h2 className="form-section__title">{t('import.progress')}</h2>
            <p data-testid="import-state">
              {t(`import.states.${current?.status ?? 'QUEUED'}`)}
              {current?.message ? ` · ${current.message}` : ''}
            </p>
            <Progress
              percent={current?.progress ?? 0}
              status={(current && ENDED[current.status]) ?? 'active'}
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
