/**
 * The distance tool's panel (issue 45): what to do next ('Click two points on the model'), then the distance
 * between the two points in the reader's units (metres, millimetres or inches: a preference kept in this browser)
 * and what each point snapped to, announced as it changes; Clear takes the points away.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import type { Measurement } from './measure-tool';

export const LENGTH_UNITS = ['m', 'mm', 'in'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

const UNIT_KEY = 'viewer.lengthUnit';
const PER_METRE: Record<LengthUnit, number> = { m: 1, mm: 1000, in: 1 / 0.0254 };
const DIGITS: Record<LengthUnit, number> = { m: 3, mm: 1, in: 2 };

/** The unit this browser shows distances in. */
export function storedLengthUnit(): LengthUnit {
  const stored = globalThis.localStorage?.getItem(UNIT_KEY);
  return LENGTH_UNITS.find((unit) => unit === stored) ?? 'm';
}

export function storeLengthUnit(unit: LengthUnit) {
  globalThis.localStorage?.setItem(UNIT_KEY, unit);
}

/** A distance in metres as the reader reads it in `unit` ('0.866 m', '866.0 mm', '34.09 in'). */
export function formatLength(metres: number, unit: LengthUnit, language: string | undefined): string {
  const digits = DIGITS[unit];
  const value = new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(metres * PER_METRE[unit]);
  return `${value} ${unit}`;
}

export function MeasurePanel({
  measurement,
  unit,
  onUnit,
  onClear,
}: {
  measurement: Measurement | null;
  unit: LengthUnit;
  onUnit(unit: LengthUnit): void;
  onClear(): void;
}) {
  const { t, i18n } = useTranslation('viewer');
  const unitId = useId();
  const points = measurement?.points ?? 0;
  const state =
    measurement?.distance != null
      ? t('measure.distance', {
          distance: formatLength(measurement.distance, unit, i18n.resolvedLanguage),
          snaps: measurement.snaps.map((snap) => t(`measure.snaps.${snap}`)).join(t('measure.and')),
        })
      : t(points ? 'measure.second' : 'measure.first');
  return (
    <div className="viewer__panel viewer__panel--measure" role="group" aria-label={t('measure.title')}>
      <p className="viewer__panel-title">{t('measure.title')}</p>
      <p className="viewer__measure-state" role="status" data-testid="viewer-distance">
        {state}
      </p>
      <div className="viewer__measure-controls">
        <label htmlFor={unitId}>{t('measure.unit')}</label>
        <select id={unitId} value={unit} onChange={(event) => onUnit(event.target.value as LengthUnit)}>
          {LENGTH_UNITS.map((each) => (
            <option key={each} value={each}>
              {t(`measure.units.${each}`)}
            </option>
          ))}
        </select>
        <Button disabled={!points} onClick={onClear}>
          {t('measure.clear')}
        </Button>
      </div>
    </div>
  );
}
