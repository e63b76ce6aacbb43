import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  concentrationOf,
  eligibilityRefusal,
  exceedsConcentration,
  expiringSoon,
  expiryOf,
  noteRefusal,
  packageRefusal,
  poolFigures,
  poolRefusal,
  shareBasisPoints,
  sharePercent,
  type PoolNote,
} from '../../src/lib/abs';

const TODAY = '2026-11-25';
const note = (id: string, amount: string, dueDate: string, debtorId = 'd1', status = 'FINANCED', packageId: string | null = null): PoolNote => ({
  id,
  amount,
  dueDate,
  status,
  debtorId,
  debtorName: `债务人${debtorId}`,
  packageId,
});
const rules = { minTenorDays: 30, maxTenorDays: 360, maxDebtorShare: '0.5' };

describe('eligibility', () => {
  it('names the first rule a note breaks', () => {
    expect(eligibilityRefusal(note('a', '100.00', '2027-01-25', 'd1', 'ISSUED'), rules, [], TODAY)).toBe('NOT_FINANCED');
    expect(eligibilityRefusal(note('a', '100.00', '2026-11-24'), rules, [], TODAY)).toBe('OVERDUE');
    expect(eligibilityRefusal(note('a', '100.00', '2026-12-20'), rules, [], TODAY)).toBe('TENOR_SHORT');
    expect(eligibilityRefusal(note('a', '100.00', '2027-12-20'), rules, [], TODAY)).toBe('TENOR_LONG');
    expect(eligibilityRefusal(note('a', '100.00', '2027-01-25', 'd1', 'FINANCED', 'other'), rules, [], TODAY, 'mine')).toBe('IN_ANOTHER_PACKAGE');
    expect(noteRefusal(note('a', '100.00', '2027-01-25'), rules, TODAY)).toBeNull();
  });

  it('holds the cap with one note too: alone, its debtor holds 100% of the pool (issue 37)', () => {
    expect(eligibilityRefusal(note('a', '100.00', '2027-01-25'), rules, [], TODAY)).toBe('CONCENTRATION');
    expect(poolRefusal([note('a', '100.00', '2027-01-25')], rules)).toBe('CONCENTRATION');
    expect(poolRefusal([note('a', '100.00', '2027-01-25')], { ...rules, maxDebtorShare: '1' })).toBeNull();
    expect(poolRefusal([], rules)).toBeNull();
    // Added together with another debtor's note, the same note may join.
    expect(poolRefusal([note('a', '100.00', '2027-01-25', 'd1'), note('b', '100.00', '2027-01-25', 'd2')], rules)).toBeNull();
  });

  it('finds what stops a pool from being locked or issued: a note that broke its rules since, then the cap', () => {
    const a = { ...note('a', '100.00', '2027-01-25', 'd1', 'FINANCED', 'p'), noteNo: 'N1' };
    const b = { ...note('b', '100.00', '2027-01-25', 'd2', 'FINANCED', 'p'), noteNo: 'N2' };
    expect(packageRefusal([a, b], rules, TODAY, 'p')).toBeNull();
    expect(packageRefusal([a, { ...b, status: 'REDEEMED' }], rules, TODAY, 'p')).toEqual({ rule: 'NOT_FINANCED', noteNo: 'N2' });
    expect(packageRefusal([a], rules, TODAY, 'p')).toEqual({ rule: 'CONCENTRATION' });
    expect(sharePercent('0.6154')).toBe('61.54%');
    expect(sharePercent('1.0000')).toBe('100.00%');
  });

  it('judges concentration on the pool after the note joins, exactly at the limit', () => {
    const pool = [note('a', '100.00', '2027-01-25', 'd1'), note('b', '100.00', '2027-01-25', 'd2')];
    // d1 would hold 200 of 300: over 0.5.
    expect(eligibilityRefusal(note('c', '100.00', '2027-01-25', 'd1'), rules, pool, TODAY)).toBe('CONCENTRATION');
    // d3 holds 100 of 300; d1 and d2 a third each: fine.
    expect(eligibilityRefusal(note('c', '100.00', '2027-01-25', 'd3'), rules, pool, TODAY)).toBeNull();
    // Exactly half is allowed (0.01 more is not).
    expect(exceedsConcentration([note('a', '50.00', TODAY, 'd1'), note('b', '50.00', TODAY, 'd2')], '0.5')).toBe(false);
    expect(exceedsConcentration([note('a', '50.01', TODAY, 'd1'), note('b', '50.00', TODAY, 'd2')], '0.5')).toBe(true);
  });
});

describe('pool figures', () => {
  it('totals, amount-weighted remaining tenor and shares in exact decimals', () => {
    const figures = poolFigures([note('a', '100.00', '2026-12-25', 'd1'), note('b', '300.00', '2027-02-23', 'd2')], TODAY);
    // (100 × 30 + 300 × 90) / 400 = 75.0 days
    expect(figures).toMatchObject({ noteCount: 2, total: '400.00', weightedTenorDays: '75.0', topShare: '0.7500' });
    expect(figures.concentration.map((d) => [d.debtorId, d.amount, d.share])).toEqual([
      ['d2', '300.00', '0.7500'],
      ['d1', '100.00', '0.2500'],
    ]);
    expect(poolFigures([], TODAY)).toMatchObject({ noteCount: 0, total: '0.00', weightedTenorDays: '0.0', topShare: '0.0000' });
  });

  it('debtor amounts always sum to the pool total (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ fen: fc.bigInt({ min: 1n, max: 10n ** 12n }), debtor: fc.constantFrom('d1', 'd2', 'd3', 'd4') }), { minLength: 1, maxLength: 30 }),
        (rows) => {
          const pool = rows.map((r, i) => note(`n${i}`, `${r.fen / 100n}.${String(r.fen % 100n).padStart(2, '0')}`, '2027-01-01', r.debtor));
          const shares = concentrationOf(pool);
          const sum = shares.reduce((s, d) => s + d.fen, 0n);
          return sum === rows.reduce((s, r) => s + r.fen, 0n) && poolFigures(pool, TODAY).total === `${sum / 100n}.${String(sum % 100n).padStart(2, '0')}`;
        },
      ),
    );
  });
});

describe('shares and periods', () => {
  it('reads a share as basis points, refusing anything outside (0, 1]', () => {
    expect(shareBasisPoints('0.3')).toBe(3000);
    expect(shareBasisPoints('1')).toBe(10000);
    expect(shareBasisPoints('0.0001')).toBe(1);
    for (const bad of ['0', '1.01', '-0.1', '0.12345', 'abc', '', '2']) expect(shareBasisPoints(bad)).toBeNull();
  });

  it('expires on the same calendar day years later (29 February to 28 February)', () => {
    expect(expiryOf('2026-11-25', 1)).toBe('2027-11-25');
    expect(expiryOf('2028-02-29', 1)).toBe('2029-02-28');
    expect(expiryOf('2026-01-31', 30)).toBe('2056-01-31');
  });

  it('flags a live registration expiring within 30 days, not a cancelled or expired one', () => {
    expect(expiringSoon('2026-12-25', 'REGISTERED', TODAY)).toBe(true);
    expect(expiringSoon('2026-12-26', 'REGISTERED', TODAY)).toBe(false);
    expect(expiringSoon('2026-12-01', 'CANCELLED', TODAY)).toBe(false);
    expect(expiringSoon('2026-11-24', 'REGISTERED', TODAY)).toBe(false);
  });
});
