/**
 * The viewer's review tools (issue 45): the distance tool's units (MeasurePanel.tsx), the reader's choice, kept,
 * and each read as written; the section tool's cuts (SectionPanel.tsx) as the share of the model's box that stays.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { formatLength, storedLengthUnit, storeLengthUnit } from '@/components/viewer/MeasurePanel';
import { NO_CUTS, rangeOf, withCut } from '@/components/viewer/SectionPanel';

describe('lengths', () => {
  beforeEach(() => localStorage.clear());

  it('reads a distance in metres, millimetres or inches, in the reader language', () => {
    expect(formatLength(Math.sqrt(3), 'm', 'en')).toBe('1.732 m');
    expect(formatLength(Math.sqrt(3), 'mm', 'en')).toBe('1,732.1 mm');
    expect(formatLength(0.0254 * 12, 'in', 'en')).toBe('12.00 in');
    expect(formatLength(Math.sqrt(3), 'm', 'nl')).toBe('1,732 m');
    expect(formatLength(Math.sqrt(3), 'mm', 'nl')).toBe('1.732,1 mm');
  });

  it('keeps the chosen unit, and starts in metres', () => {
    expect(storedLengthUnit()).toBe('m');
    storeLengthUnit('in');
    expect(storedLengthUnit()).toBe('in');
    localStorage.setItem('viewer.lengthUnit', 'parsecs');
    expect(storedLengthUnit()).toBe('m');
  });
});

describe('cuts', () => {
  it('keep the share of each axis between its two sides (+X right, +Y up, +Z front)', () => {
    expect(rangeOf(NO_CUTS)).toEqual({ x: [0, 1], y: [0, 1], z: [0, 1] });
    const cuts = withCut(withCut(NO_CUTS, 'back', 50), 'top', 25);
    expect(rangeOf(cuts)).toEqual({ x: [0, 1], y: [0, 0.75], z: [0.5, 1] });
  });

  it('never let two sides of an axis cross', () => {
    const back = withCut(NO_CUTS, 'back', 60);
    expect(withCut(back, 'front', 80).front).toBe(39);
    expect(withCut(back, 'front', -5).front).toBe(0);
  });
});
