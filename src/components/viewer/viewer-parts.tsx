/**
 * The parts of the 3D viewer that need no three.js (issue 28), shared by the viewer itself (ModelViewer.tsx, its
 * own chunk) and by what shows before or instead of it (Viewer3D.tsx): the frame with its toolbar overlay (icon
 * buttons with a tooltip each, hidden again by Escape), the preview image with the loading indicator or the note
 * saying why there is no 3D view, and the statistics panel (triangles, vertices, meshes, materials, textures, size
 * in meters, original and optimized bytes, source format). Texts come from the `viewer` namespace.
 */
import type { CommentCamera, Vector3Tuple } from '@shared/entities/model-comments';
import type { ViewerScene } from './viewer-scene';
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { Glyph } from '@/ui/Glyph';
import type { GeometryStatistics } from '@shared/geometry-statistics';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/intl-formats';
import { Button } from '@/ui/Button';
import { classNames } from '@/ui/class-names';
import { Spinner } from '@/ui/Spinner';
import { formatBytes } from '../upload/upload-rules';
import { StatisticsIcon } from './viewer-icons';
import './viewer.css';

/** What the viewer shows: a processed model's glb, or a material's base-colour map on a sphere. */
export interface ViewerProps {
  variant: 'model' | 'material';
  /** The glb (model) or the base-colour map (material). */
  url: string;
  /** The record's name (the viewer's label). */
  name: string;
  /** Shown while the 3D view loads, and where there is none. */
  previewUrl: string | null;
  /** The model's figures for the statistics panel (models only). */
  statistics?: GeometryStatistics | null;
  /** The model's USDZ for AR (models only, issue 45): with it, the viewer offers View in your room. */
  arModelUrl?: string | null;
  /** Sizes the frame (its aspect ratio) on the page that shows it. */
  className?: string;
  /** Told the scene once its content is shown, and null when it goes (version comparison links two, issue 45). */
  onScene?: (scene: ViewerScene | null) => void;
  /** Comments pinned to the model (models only, issue 45): their pins, and placing a new one. */
  comments?: ViewerComments;
  /** The model's saved viewpoints (models only, issue 45): going to one, saving the view, deleting one. */
  viewpoints?: ViewerViewpoints;
}

/** A saved viewpoint as the viewer lists it. */
export interface SavedViewpoint {
  id: number;
  name: string;
  camera: CommentCamera;
  /** Who saved it, for its description. */
  createdBy: string | null;
  canDelete: boolean;
}

export interface ViewerViewpoints {
  list: readonly SavedViewpoint[];
  /** Whether the user may save the view (the Viewpoints tool offers it). */
  canSave: boolean;
  /** Saves the camera's view under the name; rejects with the server's refusal (a 422 names `name`). */
  onSave(name: string, camera: CommentCamera): Promise<void>;
  onDelete(id: number): Promise<void>;
}

/** A comment thread's pin on the model. */
export interface CommentPin {
  id: number;
  number: number;
  point: Vector3Tuple;
  normal: Vector3Tuple | null;
  resolved: boolean;
  /** Its accessible name ('Comment 2 by Ann: the leg is too short'). */
  label: string;
}

/** Where a new comment was placed: the point, its surface's normal, and the camera it was placed from. */
export interface PlacedComment {
  point: Vector3Tuple;
  normal: Vector3Tuple;
  camera: CommentCamera;
}

export interface ViewerComments {
  pins: readonly CommentPin[];
  /** The thread the page has open: its pin is marked. */
  active: number | null;
  onOpen(id: number): void;
  /** Where the comment being written is placed (a pin without a number yet). */
  draft: Vector3Tuple | null;
  /** Whether the user may comment: the Comment tool shows. */
  canPlace: boolean;
  /** The Comment tool is on: a click on the model places a new comment. */
  placing: boolean;
  onPlacing(on: boolean): void;
  onPlace(placed: PlacedComment): void;
}

/**
 * `loading` (the picture with a spinner), `ready` (the 3D view), `unsupported` (no WebGL 2) or `failed` (the file
 * or the viewer's code could not be loaded, or the GPU dropped the context): the last two keep the picture.
 */
export type ViewerState = 'loading' | 'ready' | 'unsupported' | 'failed';

/** Whether this browser has WebGL 2 at all (three.js r163 and later need it). */
export function webgl2Available(): boolean {
  return typeof WebGL2RenderingContext !== 'undefined';
}

/** An icon button of the toolbar, with its name as tooltip (shown on hover and keyboard focus). */
export function ToolButton({
  label,
  icon,
  pressed,
  controls,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  /** A toggle's state (`aria-pressed`); undefined for a plain button. */
  pressed?: boolean;
  /** The id of the panel the button shows. */
  controls?: string;
  onClick: () => void;
}) {
  return (
    <span className="viewer__tool">
      <Button
        variant="text"
        className={classNames('viewer__tool-button', pressed && 'viewer__tool-button--on')}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        aria-controls={controls}
        onClick={onClick}
      />
      <span className="viewer__tip" aria-hidden>
        {label}
      </span>
    </span>
  );
}

/** The figures of a processed model, formatted in the reader's language. */
export function StatisticsPanel({
  id,
  statistics,
  hidden,
}: {
  id: string;
  statistics: GeometryStatistics;
  hidden: boolean;
}) {
  const { t, i18n } = useTranslation('viewer');
  const language = i18n.resolvedLanguage;
  const whole = numberFormat(language).format;
  const meters = numberFormat(language, { maximumFractionDigits: 2 }).format;
  const titleId = `${id}-title`;
  const [width, height, depth] = statistics.size_m;
  const saved =
    statistics.original_bytes > 0
      ? Math.round((1 - statistics.optimized_bytes / statistics.original_bytes) * 100)
      : 0;
  const optimized = formatBytes(statistics.optimized_bytes, language);
  // 'FBX 7.4', 'STEP AP214', 'OBJ' (a format without versions).
  const formatLabel = statistics.version ? `${statistics.format} ${statistics.version}` : statistics.format;
  const rows: Array<[string, string]> = [
    ['triangles', whole(statistics.triangles)],
    ['vertices', whole(statistics.vertices)],
    ['meshes', whole(statistics.meshes)],
    ['materials', whole(statistics.materials)],
    ['textures', whole(statistics.textures)],
    [
      'size',
      t('statistics.sizeValue', { width: meters(width), height: meters(height), depth: meters(depth) }),
    ],
    ['original', formatBytes(statistics.original_bytes, language)],
    [
      'optimized',
      saved > 0 ? t('statistics.optimizedSmaller', { size: optimized, percent: whole(saved) }) : optimized,
    ],
    [
      'format',
      statistics.encoding
        ? t('statistics.formatValue', {
            format: formatLabel,
            encoding: t(`statistics.${statistics.encoding}`),
          })
        : formatLabel,
    ],
  ];
  return (
    // Focusable, so a panel taller than a small viewer scrolls by keyboard too.
    <section id={id} className="viewer__panel" aria-labelledby={titleId} hidden={hidden} tabIndex={0}>
      <h2 id={titleId} className="viewer__panel-title">
        {t('statistics.title')}
      </h2>
      <dl className="viewer__figures">
        {rows.map(([key, value]) => (
          <div key={key} className="viewer__figure" data-figure={key}>
            <dt>{t(`statistics.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The picture under the 3D view: with a spinner while it loads, with a note where there is no 3D view. */
export function PreviewLayer({
  previewUrl,
  name,
  state,
}: {
  previewUrl: string | null;
  name: string;
  state: Exclude<ViewerState, 'ready'>;
}) {
  const { t } = useTranslation('viewer');
  return (
    <div className="viewer__preview">
      {previewUrl ? (
        <img src={previewUrl} alt={t('previewOf', { name })} />
      ) : (
        <span className="viewer__no-preview" role="img" aria-label={t('noPreview')}>
          <Glyph icon={FileImageOutlined} />
        </span>
      )}
      {state === 'loading' ? (
        <span className="viewer__badge viewer__badge--loading" role="status">
          <Spinner size="small" />
          {t('loading')}
        </span>
      ) : (
        <p className="viewer__badge viewer__note" role="status">
          <Glyph icon={InfoCircleFilled} />
          <span>{t(state)}</span>
        </p>
      )}
    </div>
  );
}

/**
 * The viewer's frame: what goes inside (the 3D stage), the picture while it is not ready, the toolbar (the given
 * tools, then Statistics when there are figures, then the trailing tools) and the statistics panel.
 */
export function ViewerFrame({
  props,
  state,
  rootRef,
  tools,
  trailingTools,
  children,
}: {
  props: ViewerProps;
  state: ViewerState;
  rootRef?: Ref<HTMLDivElement>;
  tools?: ReactNode;
  trailingTools?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('viewer');
  const [statisticsShown, setStatisticsShown] = useState(false);
  const [tipsHidden, setTipsHidden] = useState(false);
  const panelId = useId();
  const { statistics } = props;
  return (
    <div
      ref={rootRef}
      className={classNames('viewer', `viewer--${props.variant}`, props.className)}
      data-state={state}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Escape hides the tooltips (WCAG 1.4.13) and closes the statistics.
        setTipsHidden(true);
        setStatisticsShown(false);
      }}
    >
      {children}
      {state !== 'ready' && <PreviewLayer previewUrl={props.previewUrl} name={props.name} state={state} />}
      {(tools || statistics || trailingTools) && (
        <div
          className={classNames('viewer__toolbar', tipsHidden && 'viewer__toolbar--quiet')}
          role="group"
          aria-label={t('controls')}
          onPointerLeave={() => setTipsHidden(false)}
          onFocus={() => setTipsHidden(false)}
        >
          {tools}
          {statistics && (
            <ToolButton
              label={t('actions.statistics')}
              icon={<StatisticsIcon />}
              pressed={statisticsShown}
              controls={panelId}
              onClick={() => setStatisticsShown((shown) => !shown)}
            />
          )}
          {trailingTools}
        </div>
      )}
      {statistics && <StatisticsPanel id={panelId} statistics={statistics} hidden={!statisticsShown} />}
    </div>
  );
}
