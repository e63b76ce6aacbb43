import dayjs from 'dayjs';
import { formatDate, lastTwelveMonths } from '../../../src/lib/dates';

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
      '2024-01', '2023-12', '2023-11', '2023-10', '2023-09', '2023-08',
      '2023-07', '2023-06', '2023-05', '2023-04', '2023-03', '2023-02',
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
