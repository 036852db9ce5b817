/** Intl formatters are made once per locale and options, and format as a new one would. */
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat, unbrokenDate } from '@/lib/intl-formats';

describe('kept Intl formatters', () => {
  it('hands out the same formatter for the same locale and options, another for others', () => {
    const short = dateTimeFormat('en-GB', { dateStyle: 'short' });
    expect(dateTimeFormat('en-GB', { dateStyle: 'short' })).toBe(short);
    expect(dateTimeFormat('nl', { dateStyle: 'short' })).not.toBe(short);
    expect(dateTimeFormat('en-GB', { dateStyle: 'long' })).not.toBe(short);
    expect(numberFormat('nl')).toBe(numberFormat('nl'));
    expect(relativeTimeFormat('en', { numeric: 'auto' })).not.toBe(relativeTimeFormat('en'));
  });

  it('formats as Intl does', () => {
    const date = new Date(Date.UTC(2026, 10, 23, 12));
    expect(dateTimeFormat('en-GB', { dateStyle: 'short', timeZone: 'UTC' }).format(date)).toBe('23/11/2026');
    expect(numberFormat('nl').format(12345.5)).toBe('12.345,5');
    expect(relativeTimeFormat('nl', { numeric: 'auto' }).format(-1, 'day')).toBe('gisteren');
  });

  it('writes a date-time that breaks only between its date and its time', () => {
    const date = new Date(Date.UTC(2026, 8, 26, 18, 20));
    const options = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
    // No-break spaces as '~' (Node's ICU writes a narrow one before PM, Chromium a plain one, which this replaces).
    const shown = (text: string) => text.replace(/[\u00a0\u202f]/g, '~');
    expect(shown(unbrokenDate(dateTimeFormat('en-US', options), date))).toBe('Sep~26,~2026, 6:20~PM');
    expect(shown(unbrokenDate(dateTimeFormat('nl', { ...options, dateStyle: 'long' }), date))).toBe(
      '26~september~2026 om 18:20',
    );
  });
});
