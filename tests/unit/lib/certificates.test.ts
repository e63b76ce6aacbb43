import { CERT_EXPIRING_DAYS, CERT_STATUS, expiringUntil, isExpiringSoon, isPastValidity } from '../../../src/lib/certificates';
import { isCalendarDay } from '../../../src/lib/dates';
import { shownInvoiceTypes } from '../../../src/lib/invoice-types';

const TODAY = '2026-11-22';

describe('the expiring rule', () => {
  it('counts CERT_EXPIRING_DAYS (30) days from today, inclusive', () => {
    expect(CERT_EXPIRING_DAYS).toBe(30);
    expect(expiringUntil(TODAY)).toBe('2026-12-22');
    expect(expiringUntil('2027-02-10')).toBe('2027-03-12');
  });

  it.each([
    ['ends today', CERT_STATUS.VALID, '2026-11-22', true],
    ['ends tomorrow', CERT_STATUS.VALID, '2026-11-23', true],
    ['ends on the 30th day', CERT_STATUS.VALID, '2026-12-22', true],
    ['ends on the 31st day', CERT_STATUS.VALID, '2026-12-23', false],
    ['ended yesterday', CERT_STATUS.VALID, '2026-11-21', false],
    ['is renewing, ending soon', CERT_STATUS.RENEWING, '2026-11-30', false],
    ['is revoked, ending soon', CERT_STATUS.REVOKED, '2026-11-30', false],
    ['has no validity yet', CERT_STATUS.APPLYING, null, false],
  ])('a certificate that %s: %s', (_name, status, validTo, expected) => {
    expect(isExpiringSoon({ status, validTo }, TODAY)).toBe(expected);
  });

  it('a validity ended before today is past; today is not', () => {
    expect(isPastValidity('2026-11-21', TODAY)).toBe(true);
    expect(isPastValidity(TODAY, TODAY)).toBe(false);
    expect(isPastValidity(null, TODAY)).toBe(false);
  });
});

describe('certificate dates', () => {
  it.each([
    ['2026-11-22', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['20261122', false],
    ['2026-11-22T00:00:00Z', false],
    [20261122, false],
    [null, false],
  ])('%s is a date: %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('shownInvoiceTypes', () => {
  it('keeps only the entries whose isShow is true, in order', () => {
    const entries = [
      { dictValue: 'A', dictLabel: '甲', isShow: true },
      { dictValue: 'B', dictLabel: '乙', isShow: false },
      { dictValue: 'C', dictLabel: '丙', isShow: true },
    ];
    expect(shownInvoiceTypes(entries).map((e) => e.dictValue)).toEqual(['A', 'C']);
    expect(shownInvoiceTypes([])).toEqual([]);
  });

  it('treats a missing or non-boolean isShow as hidden', () => {
    const odd = [
      { dictValue: 'X', dictLabel: 'x', isShow: 'true' },
      { dictValue: 'Y', dictLabel: 'y' },
    ] as unknown as Parameters<typeof shownInvoiceTypes>[0];
    expect(shownInvoiceTypes(odd)).toEqual([]);
  });
});
