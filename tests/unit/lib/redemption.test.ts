/** The redemption rules (src/lib/redemption.ts): what a payment may settle, in whole fen. */
import { describe, expect, it } from 'vitest';
import { MAX_MATCHED_NOTES, isBankSerial, isRedeemable, matchRefusal, matchedFen, paymentFen, type MatchNote } from '../../../src/lib/redemption';

const note = (noteNo: string, amount: string, status = 'ISSUED', issuerUnitId = 'U1'): MatchNote => ({ noteNo, amount, status, issuerUnitId });

describe('matchRefusal', () => {
  it('accepts notes of the payer whose amounts sum exactly to the payment, with no float drift', () => {
    expect(matchRefusal(30n, 'U1', [note('A', '0.10'), note('B', '0.20')])).toBeNull();
    expect(matchRefusal(1234600n, 'U1', [note('A', '12345.67'), note('B', '0.33', 'FINANCED')])).toBeNull();
  });

  it('refuses a sum one fen off either way', () => {
    expect(matchRefusal(1234599n, 'U1', [note('A', '12345.67'), note('B', '0.33')])).toEqual({
      key: 'amountMismatch',
      params: { paid: '1234599', matched: '1234600' },
    });
    expect(matchRefusal(1234601n, 'U1', [note('A', '12345.67'), note('B', '0.33')])?.key).toBe('amountMismatch');
  });

  it("refuses no notes, too many, a closed note and another issuer's note, in that order", () => {
    expect(matchRefusal(100n, 'U1', [])?.key).toBe('noNotes');
    expect(
      matchRefusal(
        100n,
        'U1',
        Array.from({ length: MAX_MATCHED_NOTES + 1 }, (_, i) => note(`N${i}`, '1.00')),
      )?.key,
    ).toBe('tooManyNotes');
    expect(matchRefusal(100n, 'U1', [note('A', '1.00', 'SPLIT')])).toEqual({ key: 'notRedeemable', params: { noteNo: 'A', status: 'SPLIT' } });
    expect(matchRefusal(100n, 'U1', [note('A', '1.00', 'REDEEMED')])?.key).toBe('notRedeemable');
    expect(matchRefusal(100n, 'U1', [note('A', '1.00', 'ISSUED', 'U2')])).toEqual({ key: 'otherIssuer', params: { noteNo: 'A' } });
  });
});

describe('the small rules', () => {
  it('redeemable: issued or financed only', () => {
    expect(['ISSUED', 'FINANCED', 'SPLIT', 'REDEEMED', 'OVERDUE'].map(isRedeemable)).toEqual([true, true, false, false, false]);
  });
  it('bank serial numbers', () => {
    expect(['CMB20261120000731', 'ABC-123456', '12345', 'x'.repeat(41), 'CMB 2026', 42].map(isBankSerial)).toEqual([true, true, false, false, false, false]);
  });
  it('amounts in fen', () => {
    expect(paymentFen('0.01')).toBe(1n);
    expect(paymentFen('1000.001')).toBeNull();
    expect(paymentFen('0')).toBeNull();
    expect(paymentFen('-5')).toBeNull();
    expect(matchedFen([{ amount: '0.10' }, { amount: '0.20' }])).toBe(30n);
  });
});
