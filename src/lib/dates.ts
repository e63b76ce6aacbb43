/**
 * The one date module (issue 39 item 4): formatting, the business day of an instant, and calendar-day
 * arithmetic. Business dates (issue, due, start, expiry) are calendar days 'YYYY-MM-DD' counted in the
 * business time zone, whatever zone the server or the browser runs in: a note due on the 28th is due
 * on the 28th in Shanghai, also for a server whose clock says UTC and whose day begins eight hours later.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The platform's customers and its operators are in mainland China: their day is Shanghai's. */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
/** A calendar day as the wire and the database carry it. */
export const DAY_FORMAT = 'YYYY-MM-DD';

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

/**
 * One formatter of the business zone's calendar day, made once: dayjs's tz() builds an Intl.DateTimeFormat on every call, which
 * month end's profile found at 2-3% of each server process (a notes list, a split, a payment each ask for today).
 */
const BUSINESS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business day (YYYY-MM-DD in BUSINESS_TIME_ZONE) of an instant: "today" is dayOf(now). */
export function dayOf(instant: number | Date): string {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  // An invalid instant reads as dayjs reads it (Intl would throw).
  if (!Number.isFinite(time)) return dayjs(instant).tz(BUSINESS_TIME_ZONE).format(DAY_FORMAT);
  const parts = Object.fromEntries(BUSINESS_DAY.formatToParts(time).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Today's business day as a calendar day for a date picker, whose days are the browser's: a picker that
 * refused days after the browser's today refused the business day (Asia/Shanghai) from 16:00 UTC on, which
 * the server's rules accept.
 */
export function businessToday(now: number | Date = Date.now()): dayjs.Dayjs {
  return dayjs(dayOf(now));
}

/** An instant written in the business time zone with dayjs tokens (a number's stamp: 'YYYYMMDDHHmmss'). */
export function formatInBusinessZone(instant: number | Date, format: string): string {
  return dayjs(instant).tz(BUSINESS_TIME_ZONE).format(format);
}

/** Whole days from one calendar day to another (negative when `to` is earlier): daysBetween('2026-02-27', '2026-03-01') is 2. */
export function daysBetween(from: string, to: string): number {
  // Both read as UTC midnights: no daylight-saving hour can make a day 23 or 25 hours long.
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** A calendar day moved by whole days. */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format(DAY_FORMAT);
}

/** The same calendar day `years` later; a 29 February lands on the 28th in a common year. */
export function addYears(day: string, years: number): string {
  return dayjs.utc(day).add(years, 'year').format(DAY_FORMAT);
}

/** Whether a text is a real calendar day in DAY_FORMAT (2026-02-30 is not). */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs.utc(value).format(DAY_FORMAT) === value;
}
