/** The distance tool's units (issue 45, MeasurePanel.tsx): the reader's choice, kept, and each read as written. */
import { beforeEach, describe, expect, it } from 'vitest';
import { formatLength, storedLengthUnit, storeLengthUnit } from '@/components/viewer/MeasurePanel';

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
