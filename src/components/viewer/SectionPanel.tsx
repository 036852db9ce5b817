/**
 * The section tool's panel (issue 45): how much of the model is cut away from each of its six sides, as a share
 * of its box (a slider each, named after its side, its value read as a percentage; a row per axis, so the panel
 * leaves most of the model in view). One side cut is a single clipping
 * plane, several a section box (section-tool.ts); 'Show whole model' takes every cut back. Two sides of an axis
 * never cross: each keeps at least 1 % of the model between them. The handles dragged in the scene change the same
 * cuts (`withDraggedCut`).
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import type { SectionAxis, SectionEnd, SectionRange } from './section-tool';

export const SIDES = ['left', 'right', 'bottom', 'top', 'back', 'front'] as const;
export type Side = (typeof SIDES)[number];

/** The percentage cut away from each side. */
export type Cuts = Record<Side, number>;

export const NO_CUTS: Cuts = { left: 0, right: 0, bottom: 0, top: 0, back: 0, front: 0 };

/** The side across the model from each (they share an axis). */
const ACROSS: Record<Side, Side> = {
  left: 'right',
  right: 'left',
  bottom: 'top',
  top: 'bottom',
  back: 'front',
  front: 'back',
};

/** The cuts as the share of the box that stays per axis (glTF's: +X right, +Y up, +Z front). */
export const rangeOf = (cuts: Cuts): SectionRange => ({
  x: [cuts.left / 100, 1 - cuts.right / 100],
  y: [cuts.bottom / 100, 1 - cuts.top / 100],
  z: [cuts.back / 100, 1 - cuts.front / 100],
});

/** The side of a section box's end (glTF's axes: +X right, +Y up, +Z front). */
const SIDE_OF: Record<SectionAxis, readonly [Side, Side]> = {
  x: ['left', 'right'],
  y: ['bottom', 'top'],
  z: ['back', 'front'],
};

/** `cuts` with the side of a handle dragged to `share` of the model's box along its axis (section-tool.ts). */
export function withDraggedCut(cuts: Cuts, { axis, end }: SectionEnd, share: number): Cuts {
  const percent = Math.round((end === 0 ? share : 1 - share) * 100);
  return withCut(cuts, SIDE_OF[axis][end], percent);
}

/** `cuts` with one side set to `value`, held back so that it does not cross the side across. */
export const withCut = (cuts: Cuts, side: Side, value: number): Cuts => ({
  ...cuts,
  [side]: Math.max(0, Math.min(value, 99 - cuts[ACROSS[side]])),
});

/** The sides in pairs across the model, a row each in the panel. */
const AXES = [
  ['x', ['left', 'right']],
  ['y', ['bottom', 'top']],
  ['z', ['back', 'front']],
] as const;

export function SectionPanel({ cuts, onCuts }: { cuts: Cuts; onCuts(cuts: Cuts): void }) {
  const { t } = useTranslation('viewer');
  return (
    <div className="viewer__panel viewer__panel--section" role="group" aria-label={t('section.title')}>
      <div className="viewer__section-head">
        <p className="viewer__panel-title">{t('section.title')}</p>
        <Button variant="link" disabled={SIDES.every((side) => !cuts[side])} onClick={() => onCuts(NO_CUTS)}>
          {t('section.reset')}
        </Button>
      </div>
      <div className="viewer__section-axes">
        {AXES.map(([axis, sides]) => (
          <div key={axis} className="viewer__section-axis">
            <span aria-hidden>{t(`section.axes.${axis}`)}</span>
            {sides.map((side) => (
              <input
                key={side}
                type="range"
                min={0}
                max={99}
                step={1}
                value={cuts[side]}
                aria-label={t(`section.sides.${side}`)}
                aria-valuetext={t('section.percent', { percent: cuts[side] })}
                title={`${t(`section.sides.${side}`)}: ${t('section.percent', { percent: cuts[side] })}`}
                onChange={(event) => onCuts(withCut(cuts, side, Number(event.target.value)))}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
