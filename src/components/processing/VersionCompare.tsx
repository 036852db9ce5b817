/**
 * Two versions of a model side by side (issue 45): each in a 3D viewer of its own (stacked on a phone), with one
 * camera: orbiting, panning or zooming either moves both. Once both are loaded, what changed is counted from their
 * meshes (version-diff.ts: '1 mesh changed, 1 added; +12 triangles'), and the difference view colours them: the
 * older version shows what was removed (red) and changed (orange), the newer what was added (green) and changed;
 * the unchanged meshes fade to grey. Texts from `models:compare.*`.
 */
import { Button, Switch } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileVersion } from '@shared/file-versions';
import { PageSection } from '@/components/PageSection';
import { Viewer3D } from '@/components/viewer/Viewer3D';
import type { ViewerScene } from '@/components/viewer/viewer-scene';
import { DIFF_COLOURS, diffColours, diffVersions, type VersionDiff } from './version-diff';

/** A colour of the legend as CSS. */
const css = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`;

/** The summary of a comparison: what changed, in the reader's words. */
function useSummary(diff: VersionDiff | null): string | null {
  const { t, i18n } = useTranslation('models');
  if (!diff) return null;
  const parts = [
    diff.changed.length && t('compare.changed', { count: diff.changed.length }),
    diff.added.length && t('compare.added', { count: diff.added.length }),
    diff.removed.length && t('compare.removed', { count: diff.removed.length }),
  ].filter((part): part is string => !!part);
  const triangles = new Intl.NumberFormat(i18n.resolvedLanguage, { signDisplay: 'exceptZero' }).format(
    diff.triangleChange,
  );
  return t('compare.summary', {
    meshes: parts.length ? parts.join(t('compare.separator')) : t('compare.same'),
    triangles,
    count: Math.abs(diff.triangleChange),
  });
}

export function VersionCompare({
  older,
  newer,
  name,
  idPrefix,
  onClose,
}: {
  older: FileVersion;
  newer: FileVersion;
  /** The record's name (the viewers' labels). */
  name: string;
  idPrefix: string;
  onClose(): void;
}) {
  const { t } = useTranslation('models');
  const [scenes, setScenes] = useState<{ older: ViewerScene | null; newer: ViewerScene | null }>({
    older: null,
    newer: null,
  });
  // What changed, once both are loaded.
  const diff = useMemo(
    () =>
      scenes.older && scenes.newer
        ? diffVersions(scenes.older.meshSignatures(), scenes.newer.meshSignatures())
        : null,
    [scenes],
  );
  const [differences, setDifferences] = useState(false);
  const heading = useRef<HTMLDivElement>(null);
  const switchId = useId();
  const summary = useSummary(diff);

  useEffect(() => heading.current?.focus(), []);

  // Both loaded: one camera for both, framing both models.
  useEffect(() => {
    const { older: left, newer: right } = scenes;
    if (!left || !right) return;
    left.frameWith(right);
    right.setView(left.currentView());
    const stops = [
      left.onViewChange((view) => right.setView(view)),
      right.onViewChange((view) => left.setView(view)),
    ];
    return () => stops.forEach((stop) => stop());
  }, [scenes]);

  useEffect(() => {
    if (!diff) return;
    scenes.older?.paintMeshes(differences ? diffColours(diff, 'older') : null, DIFF_COLOURS.unchanged);
    scenes.newer?.paintMeshes(differences ? diffColours(diff, 'newer') : null, DIFF_COLOURS.unchanged);
  }, [diff, differences, scenes]);

  const side = (version: FileVersion, key: 'older' | 'newer') => {
    const label = t(version.current ? 'compare.currentVersion' : 'versions.number', {
      number: version.number,
    });
    return (
      <figure className="version-compare__side">
        <figcaption>{label}</figcaption>
        <Viewer3D
          variant="model"
          url={version.viewer_model_url!}
          name={`${name} · ${label}`}
          previewUrl={version.preview_image_url}
          statistics={version.statistics}
          className="version-compare__viewer"
          onScene={(scene) => setScenes((current) => ({ ...current, [key]: scene }))}
        />
      </figure>
    );
  };

  return (
    <PageSection
      id={`${idPrefix}-compare`}
      className="version-compare"
      title={t('compare.title', { older: older.number, newer: newer.number })}
      actions={<Button onClick={onClose}>{t('compare.close')}</Button>}
    >
      <div className="version-compare__bar" ref={heading} tabIndex={-1}>
        <p className="version-compare__summary" role="status" data-testid={`${idPrefix}-compare-summary`}>
          {summary ?? t('compare.loading')}
        </p>
        <span className="version-compare__toggle">
          <Switch id={switchId} checked={differences} disabled={!diff} onChange={setDifferences} />
          <label htmlFor={switchId}>{t('compare.showDifferences')}</label>
        </span>
      </div>
      {differences && (
        <ul className="version-compare__legend" aria-label={t('compare.legend')}>
          {(['added', 'removed', 'changed', 'unchanged'] as const).map((kind) => (
            <li key={kind}>
              <span
                className="version-compare__swatch"
                style={{ background: css(DIFF_COLOURS[kind]) }}
                aria-hidden
              />
              {t(`compare.kinds.${kind}`)}
            </li>
          ))}
        </ul>
      )}
      <div className="version-compare__views">
        {side(older, 'older')}
        {side(newer, 'newer')}
      </div>
      <p className="muted version-compare__hint">{t('compare.linked')}</p>
    </PageSection>
  );
}
