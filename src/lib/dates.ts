import dayjs from 'dayjs';

/** The spec's default date format, yyyyMMdd, in dayjs tokens. */
export const DEFAULT_DATE_FORMAT = 'YYYYMMDD';

/** Formats a date with dayjs tokens; empty or unparseable input gives '' so a table cell stays blank. */
export function formatDate(value: dayjs.ConfigType, format: string = DEFAULT_DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '';
}

/**
 * The last twelve months as 'YYYY-MM', newest first, starting with the month of `now`
 * (a report for "the last 12 months" includes the month in progress).
 */
export function lastTwelveMonths(now: Date = new Date()): string[] {
  const current = dayjs(now).startOf('month');
  return Array.from({ length: 12 }, (_, i) => current.subtract(i, 'month').format('YYYY-MM'));
}
