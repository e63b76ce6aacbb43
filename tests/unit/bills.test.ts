/** The bill rules of src/lib/bills.ts: the fee to the fen (half up, never a float), the periods, the transitions. */
import { describe, expect, it } from 'vitest';
import {
  BILL_STATUS,
  billFee,
  billNumber,
  invoiceNumber,
  isPeriod,
  lineFee,
  lineFeeFen,
  mayBill,
  nextBillStatus,
  periodOf,
  periodRange,
  shiftPeriod,
} from '../../src/lib/bills';

describe('fee computation', () => {
  it('is basis × rate / 100, rounded half up to the fen, once per line', () => {
    expect(lineFee('1000000.00', '0.30')).toBe('3000.00');
    expect(lineFee('750000.00', '0.35')).toBe('2625.00');
    // 333 333.33 × 0.30 % = 999.99999 → 1 000.00
    expect(lineFee('333333.33', '0.30')).toBe('1000.00');
    // 100 000.01 × 0.35 % = 350.000035 → 350.00
    expect(lineFee('100000.01', '0.35')).toBe('350.00');
    // exactly half a fen rounds up: 0.50 × 1.00 % = 0.005 → 0.01; just under half rounds down
    expect(lineFee('0.50', '1.00')).toBe('0.01');
    expect(lineFee('0.49', '1.00')).toBe('0.00');
    expect(lineFee('0.00', '0.40')).toBe('0.00');
  });

  it('stays exact where a binary float would not', () => {
    // 0.1 + 0.2 style drift: 1.15 × 1 % in floats is 0.011499999…, the rule gives 0.01 exactly (1.15 fen → rounds to 0.01).
    expect(lineFee('1.15', '1.00')).toBe('0.01');
    // 1.45 × 1 % = 0.0145 → 1.45 fen → 0.01; 1.50 × 1 % = 1.5 fen → 0.02
    expect(lineFee('1.45', '1.00')).toBe('0.01');
    expect(lineFee('1.50', '1.00')).toBe('0.02');
    // A large basis keeps every fen: 99 999 999 999 999.99 × 99.99 %
    expect(lineFeeFen(9_999_999_999_999_999n, '99.99')).toBe(9_998_999_999_999_999n);
  });

  it("sums the lines' fees into the bill's, rounding no further", () => {
    expect(billFee([{ feeAmount: '1000.00' }, { feeAmount: '350.00' }, { feeAmount: '0.01' }])).toBe('1350.01');
    expect(billFee([])).toBe('0.00');
  });

  it('refuses a rate or basis that is not a two-decimal amount', () => {
    expect(() => lineFee('1.001', '0.30')).toThrow();
    expect(() => lineFee('100.00', '0.305')).toThrow();
    expect(() => lineFee('-1.00', '0.30')).toThrow();
  });
});

describe('transitions', () => {
  it('moves a bill draft → reviewing → confirmed → paid → invoiced, and a reject back to draft', () => {
    expect(nextBillStatus(BILL_STATUS.draft, 'submit')).toBe(BILL_STATUS.reviewing);
    expect(nextBillStatus(BILL_STATUS.reviewing, 'approve')).toBe(BILL_STATUS.confirmed);
    expect(nextBillStatus(BILL_STATUS.reviewing, 'reject')).toBe(BILL_STATUS.draft);
    expect(nextBillStatus(BILL_STATUS.confirmed, 'pay')).toBe(BILL_STATUS.paid);
    expect(nextBillStatus(BILL_STATUS.paid, 'invoice')).toBe(BILL_STATUS.invoiced);
  });

  it('allows nothing out of order', () => {
    expect(mayBill(BILL_STATUS.draft, 'pay')).toBe(false);
    expect(mayBill(BILL_STATUS.draft, 'approve')).toBe(false);
    expect(mayBill(BILL_STATUS.reviewing, 'submit')).toBe(false);
    expect(mayBill(BILL_STATUS.confirmed, 'invoice')).toBe(false);
    expect(mayBill(BILL_STATUS.paid, 'pay')).toBe(false);
    expect(mayBill(BILL_STATUS.invoiced, 'invoice')).toBe(false);
    expect(mayBill('UNKNOWN', 'submit')).toBe(false);
  });
});

describe('periods and numbers', () => {
  it('knows a period, its range and its neighbours', () => {
    expect(isPeriod('2026-10')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '1999-12', '2026-10-01', 202610, null]) expect(isPeriod(bad)).toBe(false);
    expect(periodRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(periodRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(shiftPeriod('2026-01', 1)).toBe('2025-12');
    expect(shiftPeriod('2026-11', 7)).toBe('2026-04');
    expect(shiftPeriod('2026-12', -1)).toBe('2027-01');
    expect(periodOf('2026-10-31')).toBe('2026-10');
  });

  it('numbers bills and invoices', () => {
    expect(billNumber('2026-10', 12)).toBe('BL202610000012');
    expect(invoiceNumber('2026-11-26', 3)).toBe('INV20261126000003');
  });
});
