import dayjs from 'dayjs';
import {
  addDays,
  addYears,
  businessToday,
  dayOf,
  daysBetween,
  formatDate,
  formatInBusinessZone,
  isCalendarDay,
  lastTwelveMonths,
} from '../../../src/lib/dates';

describe('formatDate', () => {
  it.each<[dayjs.ConfigType, string | undefined, string]>([
    [new Date(2024, 1, 29), undefined, '20240229'],
    [new Date(2024, 0, 5, 13, 4, 5), undefined, '20240105'],
    ['2024-03-05', undefined, '20240305'],
    ['2024-03-05', 'YYYY-MM-DD', '2024-03-05'],
    [new Date(2024, 0, 5, 13, 4, 5), 'YYYY-MM-DD HH:mm:ss', '2024-01-05 13:04:05'],
    [dayjs('2023-12-31'), 'YYYY/MM/DD', '2023/12/31'],
    [new Date(2024, 11, 31).getTime(), undefined, '20241231'],
    [null, undefined, ''],
    [undefined, undefined, ''],
    ['', undefined, ''],
    ['not a date', undefined, ''],
  ])('formatDate(%j, %j) is %j', (value, format, expected) => {
    expect(formatDate(value, format)).toBe(expected);
  });
});

describe('lastTwelveMonths', () => {
  it('lists twelve months newest first, starting with the current month', () => {
    expect(lastTwelveMonths(new Date(2024, 0, 15))).toEqual([
      '2024-01',
      '2023-12',
      '2023-11',
      '2023-10',
      '2023-09',
      '2023-08',
      '2023-07',
      '2023-06',
      '2023-05',
      '2023-04',
      '2023-03',
      '2023-02',
    ]);
  });

  it('does not skip or repeat a month when today is the 31st', () => {
    expect(lastTwelveMonths(new Date(2024, 2, 31)).slice(0, 3)).toEqual(['2024-03', '2024-02', '2024-01']);
    expect(new Set(lastTwelveMonths(new Date(2023, 11, 31))).size).toBe(12);
  });

  it('defaults to now', () => {
    const months = lastTwelveMonths();
    expect(months).toHaveLength(12);
    expect(months[0]).toBe(dayjs().format('YYYY-MM'));
  });
});

describe('business days (issue 39 item 4: one date module)', () => {
  it('reads an instant as the day in Shanghai, whatever the zone the code runs in', () => {
    // 17:00 UTC on the 28th is 01:00 on the 29th in Shanghai: a note due on the 28th is overdue there.
    expect(dayOf(Date.parse('2026-11-28T17:00:00Z'))).toBe('2026-11-29');
    expect(dayOf(Date.parse('2026-11-28T15:59:59Z'))).toBe('2026-11-28');
    expect(dayOf(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(formatInBusinessZone(Date.parse('2026-11-28T17:02:03Z'), 'YYYYMMDDHHmmss')).toBe('20261129010203');
  });

  it("reads the day as dayjs's zone conversion does, at every hour's edge from 1970 to 2100 (one formatter kept instead of one per call)", () => {
    const hour = 3_600_000;
    for (let time = Date.parse('1970-01-01T00:00:00Z'); time < Date.parse('2100-01-01T00:00:00Z'); time += 997 * hour + 1_234_567) {
      for (const at of [time, time - (time % hour), time - (time % hour) - 1])
        expect(dayOf(at), new Date(at).toISOString()).toBe(dayjs(at).tz('Asia/Shanghai').format('YYYY-MM-DD'));
    }
    expect(dayOf(new Date(Number.NaN))).toBe(dayjs(Number.NaN).tz('Asia/Shanghai').format('YYYY-MM-DD'));
  });

  it.each([
    ['2026-02-27', '2026-03-01', 2],
    ['2024-02-27', '2024-03-01', 3],
    ['2026-03-01', '2026-02-27', -2],
    ['2026-11-28', '2026-11-28', 0],
    ['2026-03-28', '2026-03-30', 2],
  ])('daysBetween(%s, %s) is %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
    expect(addDays(from, days)).toBe(to);
  });

  it('adds years on the same calendar day, a 29 February landing on the 28th', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2026-11-28', 30)).toBe('2056-11-28');
  });

  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['2026-11-28T00:00', false],
    ['', false],
    [20261128, false],
    [null, false],
  ])('isCalendarDay(%j) is %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('businessToday', () => {
  it("is the business day as a local calendar day, also past 16:00 UTC when Shanghai's day has turned", () => {
    // 16:30 UTC on the 28th is 00:30 on the 29th in Shanghai: a picker must allow the 29th, as the server does.
    const late = Date.UTC(2026, 10, 28, 16, 30);
    expect(businessToday(late).format('YYYY-MM-DD')).toBe('2026-11-29');
    expect(businessToday(late).isSame(dayjs('2026-11-29'), 'day')).toBe(true);
    expect(businessToday(Date.UTC(2026, 10, 28, 15, 59)).format('YYYY-MM-DD')).toBe('2026-11-28');
  });
});
