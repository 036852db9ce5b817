/**
 * The body of a processed file's overview (a model's, a library item's; spec 2 §3, §4): its preview, or once
 * processed the interactive 3D viewer with the model's statistics (issue 28; the viewer's code loads only then,
 * see src/components/viewer/Viewer3D.tsx), the details every processed file has
 * (status and colour, latest geometry event message, elapsed time, uploader, created, updated, started, finished)
 * followed by the entity's own, the file with its downloads (the original, and the optimized glTF once
 * processed), and the processing history. Texts come from the entity's namespace (`fields.*`, `downloads.*`,
 * `previewOf`, `noPreview`, `history`, `noHistory`).
 */
import { Timeline } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { COMMENTED_RECORDS, type CommentedRecordType } from '@shared/comment-values';
import type { FileVersion } from '@shared/file-versions';
import { versionedFileName } from '@shared/file-version-names';
import { ModelComments } from '@/components/review/ModelComments';
import { type CommentReview, useCommentReview } from '@/components/review/useCommentReview';
import { useModelViewpoints } from '@/components/review/useModelViewpoints';
import type { ViewerViewpoints } from '@/components/viewer/viewer-parts';
import type { OverviewBodyProps, OverviewContext } from '@/declarations/types';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useAuthorization } from '@/providers/useAuthorization';
import { useTranslation } from 'react-i18next';
import { ColorSwatch } from '@/components/cells';
import { PageSection } from '@/components/PageSection';
import { PreviewFrame } from '@/components/PreviewFrame';
import { type OverviewDetail, OverviewDetails } from '@/components/OverviewDetails';
import { formatBytes } from '@/components/upload/upload-rules';
import { Viewer3D } from '@/components/viewer/Viewer3D';
import { Spinner } from '@/ui/Spinner';
import type { GeometryStatistics } from '@shared/geometry-statistics';
import { ElapsedTime } from './ElapsedTime';
import { FileVersions, ShownVersionNotice } from './FileVersions';
import { NONE, useShownDate } from './shown-date';
import {
  eventMessage,
  formatElapsed,
  type GeometryEvent,
  progressMessage,
  type ProcessingTimes,
} from './model-status';
import { ProcessedFileDownloads } from './ProcessedFileDownloads';
import { COMPARE_PARAMETER, useVersionParams, VERSION_PARAMETER } from './version-params';
import './processing.css';

// Two versions side by side: a chunk of its own, loaded when someone compares (the overview's budget holds).
const VersionCompare = lazy(() =>
  import('./VersionCompare').then((module) => ({ default: module.VersionCompare })),
);

/** What the overview shows of a processed record. */
export interface ProcessedFileRecord extends ProcessingTimes {
  name: string;
  status_color: string;
  preview_image_url: string | null;
  uploader_name: string | null;
  created_at: string;
  updated_at: string;
  latest_geometry_event?: GeometryEvent | null;
  geometry_events: Array<GeometryEvent & { created_at: string }>;
  file: { name: string; size: number } | null;
  /** The optimized glb the viewer shows; null until processed (issue 28). */
  viewer_model_url?: string | null;
  /** The USDZ for AR beside it (issue 45); null without one. */
  ar_model_url?: string | null;
  /** What processing found in the file; null until processed. */
  statistics?: GeometryStatistics | null;
  /** The current version's number and every version, newest first (issue 45). */
  version?: number;
  versions?: FileVersion[];
}

export type ProcessedFileDetail = OverviewDetail;

/** The milliseconds from one history entry to the next (newer) one; null where either time is unknown. */
function stepMs(from: string | undefined, to: string): number | null {
  if (!from) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isNaN(ms) ? null : Math.max(0, ms);
}

export function ProcessedFileOverview({
  record,
  ns,
  status,
  idPrefix,
  path,
  details,
  context,
  canRestore = false,
  review,
  viewpoints,
}: {
  record: ProcessedFileRecord;
  /** The entity's translation namespace. */
  ns: string;
  /** The status as the entity shows it (its badge). */
  status: ReactNode;
  /** Prefixes the ids and test ids (`{idPrefix}-history`, `{idPrefix}-latest-message`), e.g. 'model'. */
  idPrefix: string;
  /** The record's API path (`/projects/models/7`): its downloads are below it. */
  path: string;
  /** The entity's own details, after the common ones and before the file (e.g. its project or libraries). */
  details: ProcessedFileDetail[];
  /** The overview's banner and reload: with them, the record's versions are listed. */
  context?: OverviewContext;
  /** Whether the user may restore a kept version (the record's edit permission). */
  canRestore?: boolean;
  /** The record's comments pinned to the model (issue 45): their section, and their pins in the viewer. */
  review?: CommentReview;
  /** The record's saved viewpoints (issue 45), in the viewer's Viewpoints tool. */
  viewpoints?: ViewerViewpoints;
}) {
  const { t, i18n } = useTranslation(ns);
  const { t: tm } = useTranslation('models');
  // The kept version the viewer shows instead of the current one (issue 45), and the notice that says so; and the
  // one compared with the current one. Both in the address.
  const versionParams = useVersionParams();
  const { shown: shownNumber, compared: comparedNumber } = versionParams;
  const shownNotice = useRef<HTMLDivElement>(null);
  const returnTo = useRef<number | null>(null);
  const viewed = record.versions?.find((version) => version.number === shownNumber && !version.current);
  // The focus follows the user's own step (to the notice, and back to the version's button), never a live update.
  const viewedNumber = viewed?.number ?? null;
  useEffect(() => {
    if (viewedNumber !== null) {
      shownNotice.current?.focus();
      return;
    }
    if (returnTo.current === null) return;
    document.getElementById(`${idPrefix}-version-${returnTo.current}-view`)?.focus();
    returnTo.current = null;
  }, [viewedNumber, idPrefix]);
  const showCurrent = () => {
    returnTo.current = shownNumber;
    versionParams.set({ [VERSION_PARAMETER]: null });
  };
  // The kept version compared with the current one shows in place of the viewer and details.
  const compared = record.versions?.find((version) => version.number === comparedNumber && !version.current);
  const current = record.versions?.[0];
  // Closing the comparison gives the focus back to its Compare button once the comparison is gone from the page
  // (the address changes first, then the page renders without it).
  const compareReturn = useRef<number | null>(null);
  const comparing = compared !== undefined;
  useEffect(() => {
    if (comparing || compareReturn.current === null) return;
    document.getElementById(`${idPrefix}-version-${compareReturn.current}-compare`)?.focus();
    compareReturn.current = null;
  }, [comparing, idPrefix]);
  const closeCompare = () => {
    compareReturn.current = comparedNumber;
    versionParams.set({ [COMPARE_PARAMETER]: null });
  };
  const date = useShownDate();
  // Processing takes seconds: its times and history are shown to the second.
  const exact = useShownDate('seconds');
  const items: ProcessedFileDetail[] = [
    { key: 'status', label: t('fields.status'), children: status },
    {
      key: 'color',
      label: t('fields.color'),
      children: <ColorSwatch color={record.status_color} />,
    },
    {
      key: 'message',
      label: t('fields.latestMessage'),
      span: 2,
      children: <span data-testid={`${idPrefix}-latest-message`}>{progressMessage(record, t) ?? NONE}</span>,
    },
    { key: 'elapsed', label: t('fields.elapsed'), children: <ElapsedTime model={record} empty={NONE} /> },
    { key: 'uploader', label: t('fields.uploader'), children: record.uploader_name || NONE },
    { key: 'created', label: t('fields.created'), children: date(record.created_at) },
    { key: 'updated', label: t('fields.updated'), children: date(record.updated_at) },
    { key: 'started', label: t('fields.started'), children: exact(record.started_at) },
    { key: 'finished', label: t('fields.finished'), children: exact(record.finished_at) },
    ...details,
    {
      key: 'file',
      label: t('fields.file'),
      span: 2,
      children: record.file
        ? `${record.file.name} · ${formatBytes(record.file.size, i18n.resolvedLanguage)}`
        : NONE,
    },
  ];
  const viewerUrl = viewed ? viewed.viewer_model_url : record.viewer_model_url;
  const currentUrl = record.viewer_model_url;
  const fileName = (name: string) =>
    record.version === undefined ? name : versionedFileName(name, record.version);
  if (record.file || currentUrl) {
    items.push({
      key: 'downloads',
      label: t('fields.downloads'),
      span: 2,
      children: (
        <ProcessedFileDownloads
          ns={ns}
          path={path}
          originalName={record.file ? fileName(record.file.name) : null}
          optimizedName={currentUrl ? fileName(`${record.name}.glb`) : null}
        />
      ),
    });
  }

  return (
    <>
      {viewed && (
        <ShownVersionNotice
          shown={viewed.number}
          current={record.version}
          onBack={showCurrent}
          ref={shownNotice}
        />
      )}
      {compared && current?.viewer_model_url && compared.viewer_model_url ? (
        <Suspense fallback={<Spinner label={tm('compare.loading')} />}>
          <VersionCompare
            older={compared}
            newer={current}
            name={record.name}
            idPrefix={idPrefix}
            onClose={closeCompare}
          />
        </Suspense>
      ) : (
        <div className="model-overview__grid">
          {viewerUrl ? (
            <Viewer3D
              variant="model"
              url={viewerUrl}
              name={
                viewed ? `${record.name} · ${tm('versions.number', { number: viewed.number })}` : record.name
              }
              previewUrl={viewed ? viewed.preview_image_url : record.preview_image_url}
              statistics={viewed ? viewed.statistics : record.statistics}
              arModelUrl={viewed ? viewed.ar_model_url : record.ar_model_url}
              className="model-overview__viewer"
              comments={review?.viewer}
              viewpoints={viewpoints}
              onScene={review?.onScene}
            />
          ) : (
            <PreviewFrame
              src={record.preview_image_url}
              alt={t('previewOf', { name: record.name })}
              emptyLabel={t('noPreview')}
              showEmptyLabel
              className="model-overview__preview"
            />
          )}
          <OverviewDetails column={2} items={items} />
        </div>
      )}
      {review && (
        <ModelComments
          review={review}
          idPrefix={idPrefix}
          shownVersion={viewed?.number ?? record.version}
          hasViewer={!!viewerUrl && !compared}
        />
      )}
      {context && record.versions && (
        <FileVersions
          versions={record.versions}
          name={record.name}
          ns={ns}
          path={path}
          idPrefix={idPrefix}
          shown={compared ? null : (viewed?.number ?? record.version ?? 1)}
          onShow={(version) => {
            versionParams.set({
              [COMPARE_PARAMETER]: null,
              [VERSION_PARAMETER]: version.current ? null : version.number,
            });
          }}
          onCompare={(version) => {
            versionParams.set({ [VERSION_PARAMETER]: null, [COMPARE_PARAMETER]: version.number });
          }}
          canRestore={canRestore}
          context={context}
        />
      )}
      <PageSection id={`${idPrefix}-history`} title={t('history')}>
        {record.geometry_events.length ? (
          <Timeline
            className="model-history"
            items={record.geometry_events.map((event, index, events) => {
              // Newest first: the step took from the entry below (the one before it) to this one.
              const step = stepMs(events[index + 1]?.created_at, event.created_at);
              return {
                key: `${event.created_at}-${index}`,
                color: index === 0 ? record.status_color : 'gray',
                children: (
                  <>
                    <span className="model-history__message">{eventMessage(t, event)}</span>
                    <span className="model-history__time">
                      {step !== null && (
                        <time
                          className="model-history__step"
                          dateTime={`PT${Math.floor(step / 1000)}S`}
                          title={t('historyStep', { elapsed: formatElapsed(step) })}
                        >
                          +{formatElapsed(step)}
                        </time>
                      )}
                      <time dateTime={event.created_at}>{exact(event.created_at)}</time>
                    </span>
                  </>
                ),
              };
            })}
          />
        ) : (
          <p className="muted">{t('noHistory')}</p>
        )}
      </PageSection>
    </>
  );
}

/**
 * The body of a declared overview (`body` of `defineOverviewPage`) of a processed record: ProcessedFileOverview
 * with the screen's details and badge, in its resource's texts, its downloads below `/{collection}/{id}`, and the
 * comments pinned to its model and its saved viewpoints (`comments`: the kind of record they are on, whose
 * abilities they follow).
 */
export const processedFileBody = <TRecord extends ProcessedFileRecord & { id: number }>(
  idPrefix: string,
  comments: CommentedRecordType,
) =>
  function ProcessedFileBody({ resource, record, details, badge, context }: OverviewBodyProps<TRecord>) {
    const { can } = useResourcePermissions(resource);
    const { can: may } = useAuthorization();
    const mayReview = may(COMMENTED_RECORDS[comments].write);
    const review = useCommentReview(comments, record.id, mayReview);
    const viewpoints = useModelViewpoints(comments, record.id, mayReview);
    return (
      <ProcessedFileOverview
        record={record}
        ns={resource.ns}
        idPrefix={idPrefix}
        path={`/${resource.name}/${record.id}`}
        status={badge}
        details={details}
        context={context}
        canRestore={can('edit')}
        review={review}
        viewpoints={viewpoints}
      />
    );
  };
