// @vitest-environment node
/** Intl formatters are made once per locale and options, and format as a new one would. */
import { describe, expect, it } from 'vitest';
import {
  clockTime,
  compareCodeUnits,
  dateTimeFormat,
  formatCount,
  formatDate,
  longDate,
  relativeTime,
  shortDay,
  intlDate,
  numberFormat,
  relativeTimeFormat,
  unbrokenDate,
} from '@/lib/intl-formats';

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

describe("a record's date in the portal's languages", () => {
  // As Intl writes it, with the no-break space Node's ICU puts before AM/PM (narrow) written as Chromium's plain one
  // becomes: a no-break space.
  const asIntl = (date: Date, language: string, withTime: boolean | 'seconds') =>
    intlDate(date, language, withTime).replace(/\u202f/g, '\u00a0');

  it.each(['en', 'nl'])('is written in %s as Intl writes it, for every month, day and hour', (language) => {
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [12, 11, 59],
        [28, 12, 0],
        [month === 1 ? 28 : 31, 23, 30],
        [15, (month * 2 + 1) % 24, month * 4],
      ]) {
        const date = new Date(2026, month, day, hour, minute, (minute * 7) % 60);
        for (const withTime of [false, true, 'seconds'] as const)
          expect(formatDate(date, language, withTime), `${date.toString()} ${withTime}`).toBe(
            asIntl(date, language, withTime),
          );
      }
  });

  it('reads ISO strings, and writes nothing for a missing or invalid value', () => {
    expect(formatDate('2025-03-12T18:39:00', 'en', true)).toBe('Mar\u00a012,\u00a02025, 06:39\u00a0PM');
    expect(formatDate('2025-03-12T18:39:00', 'nl', true)).toBe('12\u00a0mrt\u00a02025, 18:39');
    // A processing history's times, to the second.
    expect(formatDate('2025-03-12T18:39:07', 'en', 'seconds')).toBe(
      'Mar\u00a012,\u00a02025, 06:39:07\u00a0PM',
    );
    expect(formatDate('2025-03-12T08:09:05', 'nl', 'seconds')).toBe('12\u00a0mrt\u00a02025, 08:09:05');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'nl')).toBe('');
  });

  it('writes a calendar date (`YYYY-MM-DD`, a date field) as that day wherever the reader is', () => {
    const zone = process.env.TZ;
    try {
      // West of Greenwich a date read as UTC midnight is the evening before.
      process.env.TZ = 'America/Los_Angeles';
      expect(formatDate('2026-03-14', 'en')).toBe('Mar\u00a014,\u00a02026');
      expect(formatDate('2026-03-14', 'nl')).toBe('14\u00a0mrt\u00a02026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('asks Intl for any other language', () => {
    expect(formatDate(new Date(2026, 8, 26), 'de')).toBe('26.\u00a0Sept.\u00a02026');
  });
});

describe("the dashboard's clock and counts in the portal's languages", () => {
  // Node's ICU writes a narrow no-break space before AM/PM, Chromium a plain one: both are written as a no-break one.
  const noBreak = (text: string) => text.replace(/[\u202f ](?=[AP]M)/g, '\u00a0');

  it.each(['en', 'nl'])(
    'writes the time and the day in %s as Intl writes them, for every hour and weekday',
    (language) => {
      const time = dateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
      const day = dateTimeFormat(language, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
      for (let hour = 0; hour < 24; hour++) {
        const date = new Date(2026, hour % 12, 1 + hour, hour, (hour * 7) % 60, (hour * 13) % 60);
        expect(clockTime(date, language), date.toString()).toBe(noBreak(time.format(date)));
        expect(longDate(date, language), date.toString()).toBe(day.format(date));
      }
    },
  );

  it('writes a time and a day in another language as Intl does', () => {
    const date = new Date(2026, 11, 2, 16, 10, 5);
    expect(clockTime(date, 'de')).toBe('16:10:05');
    expect(longDate(date, 'de')).toBe('Mittwoch, 2. Dezember 2026');
  });

  it.each(['en', 'nl', 'de'])('writes counts in %s as Intl writes them', (language) => {
    for (const count of [0, 7, 999, 1000, 12345, 999999, 1234567, -4321, 2.5])
      expect(formatCount(count, language), String(count)).toBe(numberFormat(language).format(count));
  });
});

describe("relative times and short days in the portal's languages", () => {
  it.each(['en', 'nl', 'de'])(
    'writes relative times in %s as Intl writes them (numeric: auto)',
    (language) => {
      const intl = relativeTimeFormat(language, { numeric: 'auto' });
      for (const unit of ['second', 'minute', 'hour', 'day'] as const)
        for (const value of [-999, -59, -23, -7, -3, -2, -1, -0, 0, 1, 2, 3, 7, 23, 59, 999, 1000, -1500])
          expect(relativeTime(value, unit, language), `${value} ${unit}`).toBe(intl.format(value, unit));
    },
  );

  it.each(['en', 'nl', 'de'])(
    'writes a short day in %s as Intl writes it, with its year or without',
    (language) => {
      for (let month = 0; month < 12; month++) {
        const date = new Date(2025, month, 1 + month * 2);
        for (const withYear of [false, true]) {
          const intl = dateTimeFormat(language, {
            day: 'numeric',
            month: 'short',
            year: withYear ? 'numeric' : undefined,
          });
          expect(shortDay(date, language, withYear), `${date.toString()} ${withYear}`).toBe(
            unbrokenDate(intl, date),
          );
        }
      }
    },
  );
});

describe('ASCII keys in order', () => {
  it('are sorted by code units as a collator sorts them: ISO times, API names', () => {
    const keys = [
      '2026-03-10T12:00:00Z',
      '2025-12-31T23:59:59Z',
      '2026-03-10T09:00:00Z',
      'admin/changelog-items',
      'projects',
      'libraries',
      '2026-03-10',
    ];
    expect([...keys].sort(compareCodeUnits)).toEqual([...keys].sort((a, b) => a.localeCompare(b, 'en')));
    expect(compareCodeUnits('2026-01-01', '2026-01-01')).toBe(0);
  });
});
