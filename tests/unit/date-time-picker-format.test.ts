// @vitest-environment node
/**
 * A date-time picker writes its value as every screen writes a date-time (`formatDate` with its time): the
 * maintenance form showed '2027-01-01 05:00:00' beside a list reading '1 jan 2027, 05:00'. What is typed in the
 * shown format, or as before ('2027-01-01 05:00:00'), is still read.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/nl';
import { describe, expect, it } from 'vitest';
import { dateTimePickerFormats, formatDate } from '@/lib/intl-formats';

dayjs.extend(customParseFormat);

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the date-time picker formats', () => {
  for (const [language, morning, evening] of [
    ['en', 'Jan 1, 2027, 05:00 AM', 'Dec 4, 2026, 10:00 PM'],
    ['nl', '1 jan 2027, 05:00', '4 dec 2026, 22:00'],
  ] as const) {
    it(`shows a date-time as the lists do in ${language}`, () => {
      const [shown] = dateTimePickerFormats(language).format;
      for (const [value, text] of [
        [new Date(2027, 0, 1, 5, 0), morning],
        [new Date(2026, 11, 4, 22, 0), evening],
      ] as const) {
        expect(dayjs(value).locale(language).format(shown)).toBe(text);
        expect(plain(formatDate(value, language, true))).toBe(text);
      }
    });

    it(`reads back what it shows, and the ISO-like form, in ${language}`, () => {
      const { format } = dateTimePickerFormats(language);
      const read = (text: string) =>
        format.map((pattern) => dayjs(text, pattern, language, true)).find((date) => date.isValid());
      expect(read(morning)?.toDate()).toEqual(new Date(2027, 0, 1, 5, 0));
      expect(read('2027-01-01 05:00:00')?.toDate()).toEqual(new Date(2027, 0, 1, 5, 0));
    });
  }
});
