/**
 * The versions of a processed file (issue 45) on its overview, newest first: each with its number (the current one
 * marked), who uploaded it and when, its triangles, file and note (or the version it restored, or why it was never
 * processed), and what can be done with it: view it in the overview's 3D viewer, download its original file and
 * optimized glb (named with their version), and restore it as a new version (by the record's edit permission, after
 * a confirmation; the result in the page's banner, the record read again). Texts from `models:versions.*`.
 */
import DiffOutlined from '@ant-design/icons-svg/es/asn/DiffOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import { Glyph } from '@/ui/Glyph';
import { Button, Tag } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileVersion } from '@shared/file-versions';
import { versionedFileName } from '@shared/file-version-names';
import { formatBytes } from '@/components/upload/upload-rules';
import { PageSection } from '@/components/PageSection';
import { useConfirmation } from '@/components/useConfirmation';
import type { OverviewContext } from '@/declarations/types';
import { apiRequest } from '@/providers/http-client';
import { ProcessedFileDownloads } from './ProcessedFileDownloads';
import { useShownDate } from './shown-date';

/** Between the facts of a version (its uploader, triangles and file). */
const FACT_SEPARATOR = ' · ';

/** Statuses whose run never finished: the version has no processed files of its own. */
const UNPROCESSED = new Set(['QUEUED', 'PROCESSING', 'UPLOADING', 'CANCELLED']);

export function FileVersions({
  versions,
  name,
  ns,
  path,
  idPrefix,
  shown,
  onShow,
  onCompare,
  canRestore,
  context,
}: {
  /** Newest (the current one) first. */
  versions: FileVersion[];
  /** The record's name: its optimized glb is saved under it. */
  name: string;
  /** The entity's namespace (its download texts). */
  ns: string;
  /** The record's API path (`/projects/models/7`). */
  path: string;
  idPrefix: string;
  /** The version the viewer shows; null while two are compared. */
  shown: number | null;
  /** Shows a version in the viewer. */
  onShow(version: FileVersion): void;
  /** Compares a kept version with the current one. */
  onCompare(version: FileVersion): void;
  canRestore: boolean;
  context: OverviewContext;
}) {
  const { t, i18n } = useTranslation('models');
  const date = useShownDate();
  const { ask, dialog } = useConfirmation();
  const next = (versions[0]?.number ?? 0) + 1;
  const currentShown = !!versions[0]?.viewer_model_url;

  const restore = (version: FileVersion) =>
    ask({
      text: t('versions.restoreConfirm', { number: version.number, next }),
      confirmLabel: t('versions.restore'),
      run: async () => {
        try {
          await apiRequest(`${path}/versions/${version.number}/restore`, { method: 'POST' });
        } catch (error) {
          context.showBanner({
            type: 'error',
            text: (error as Error).message || t('versions.restoreFailed'),
          });
          return false;
        }
        context.showBanner({
          type: 'success',
          text: t('versions.restored', { number: version.number, next }),
        });
        await context.reload();
      },
    });

  return (
    <PageSection id={`${idPrefix}-versions`} title={t('versions.title')}>
      <ol className="file-versions" aria-labelledby={`${idPrefix}-versions`}>
        {versions.map((version) => {
          const label = t('versions.number', { number: version.number });
          const facts = [
            version.uploader_name,
            version.statistics && t('versions.triangles', { count: version.statistics.triangles }),
            version.file && `${version.file.name} · ${formatBytes(version.file.size, i18n.resolvedLanguage)}`,
          ];
          const factsText = facts.filter(Boolean).join(FACT_SEPARATOR);
          const state = UNPROCESSED.has(version.status)
            ? version.current
              ? null
              : t('versions.notProcessed')
            : version.status === 'FAILED'
              ? t('versions.failed')
              : null;
          return (
            <li
              key={version.number}
              className={`file-versions__row${version.number === shown ? ' file-versions__row--shown' : ''}`}
              data-testid={`${idPrefix}-version-${version.number}`}
            >
              <div className="file-versions__head">
                <strong>{label}</strong>
                {version.current && <Tag color="green">{t('versions.current')}</Tag>}
                {version.number === shown && <Tag color="blue">{t('versions.inViewer')}</Tag>}
                <time className="muted" dateTime={version.created_at}>
                  {date(version.created_at)}
                </time>
              </div>
              {factsText && <p className="file-versions__facts muted">{factsText}</p>}
              {version.note && <p className="file-versions__note">{version.note}</p>}
              {version.restored_from !== null && (
                <p className="file-versions__note muted">
                  {t('versions.restoredFrom', { number: version.restored_from })}
                </p>
              )}
              {state && <p className="file-versions__note muted">{state}</p>}
              <div className="file-versions__actions">
                {version.viewer_model_url && version.number !== shown && (
                  <Button
                    id={`${idPrefix}-version-${version.number}-view`}
                    icon={<Glyph icon={EyeOutlined} />}
                    aria-label={t('versions.viewLabel', { number: version.number })}
                    onClick={() => onShow(version)}
                  >
                    {t('versions.view')}
                  </Button>
                )}
                {currentShown && !version.current && version.viewer_model_url && (
                  <Button
                    id={`${idPrefix}-version-${version.number}-compare`}
                    icon={<Glyph icon={DiffOutlined} />}
                    aria-label={t('versions.compareLabel', { number: version.number })}
                    onClick={() => onCompare(version)}
                  >
                    {t('versions.compare')}
                  </Button>
                )}
                <ProcessedFileDownloads
                  ns={ns}
                  path={version.current ? path : `${path}/versions/${version.number}`}
                  originalName={version.file && versionedFileName(version.file.name, version.number)}
                  optimizedName={
                    version.viewer_model_url ? versionedFileName(`${name}.glb`, version.number) : null
                  }
                  version={version.number}
                />
                {canRestore && !version.current && version.file && (
                  <Button
                    icon={<Glyph icon={HistoryOutlined} />}
                    aria-label={t('versions.restoreLabel', { number: version.number })}
                    onClick={() => restore(version)}
                  >
                    {t('versions.restore')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {dialog}
    </PageSection>
  );
}

/** Says that the viewer shows a kept version, not the current one, with the way back. */
export function ShownVersionNotice({
  shown,
  current,
  onBack,
  ref,
}: {
  shown: number;
  current: number | undefined;
  onBack(): void;
  ref: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('models');
  return (
    <div className="file-versions__showing" role="status" tabIndex={-1} ref={ref}>
      <span>{t('versions.showing', { number: shown, current })}</span>
      <Button onClick={onBack}>{t('versions.backToCurrent')}</Button>
    </div>
  );
}
