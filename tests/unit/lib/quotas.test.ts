/**
 * The dispatch rule the form, the submission and the approval share (src/lib/quotas): what running
 * requests hold back, what a source can give and what a unit can give back, table-driven in fen.
 */
import { dispatchRefusal, freeOf, lowestTotalOf, reservedByAccount, takeRefusal, type DispatchTarget, type PendingQuotaRequest } from '../../../src/lib/quotas';

const granted: Record<string, bigint> = { root: 100_00n, a: 40_00n, b: 0n };
const grantedOf = (id: string) => granted[id] ?? 0n;

describe('what running requests hold back', () => {
  it.each<[string, PendingQuotaRequest[], Record<string, bigint>]>([
    [
      'a dispatch holds its total from its source',
      [
        {
          type: 'DISPATCH',
          accountId: 'root',
          amount: 0n,
          lines: [
            { accountId: 'a', amount: 10_00n },
            { accountId: null, amount: 5_00n },
          ],
        },
      ],
      { root: 15_00n },
    ],
    [
      'a re-dispatch holds its rises from the source and each cut from its unit',
      [
        {
          type: 'REDISPATCH',
          accountId: 'root',
          amount: 0n,
          lines: [
            { accountId: 'a', amount: 30_00n },
            { accountId: 'b', amount: 25_00n },
          ],
        },
      ],
      { root: 15_00n, a: 10_00n },
    ],
    [
      'a re-dispatch giving back on balance holds nothing from its source',
      [{ type: 'REDISPATCH', accountId: 'root', amount: 0n, lines: [{ accountId: 'a', amount: 0n }] }],
      { a: 40_00n },
    ],
    [
      'a modification holds its cut, a rise nothing',
      [
        { type: 'MODIFY', accountId: 'root', amount: 70_00n, lines: [] },
        { type: 'MODIFY', accountId: 'root', amount: 120_00n, lines: [] },
      ],
      { root: 30_00n },
    ],
    ['an application holds nothing (no account yet)', [{ type: 'APPLY', accountId: null, amount: 50_00n, lines: [] }], {}],
    [
      'holds add up',
      [
        { type: 'DISPATCH', accountId: 'root', amount: 0n, lines: [{ accountId: 'a', amount: 10_00n }] },
        { type: 'DISPATCH', accountId: 'root', amount: 0n, lines: [{ accountId: 'a', amount: 1n }] },
      ],
      { root: 10_01n },
    ],
  ])('%s', (_name, pending, expected) => {
    expect(Object.fromEntries(reservedByAccount(pending, grantedOf))).toEqual(expected);
  });
});

describe('the dispatch check', () => {
  const source = { available: 60_00n, reserved: 50_00n };
  const branch: DispatchTarget = { unitName: '一分公司', granted: 40_00n, available: 30_00n, reserved: 5_00n };
  const targets = new Map([['a', branch]]);

  it('gives what is available less what is held, never below zero', () => {
    expect(freeOf(source)).toBe(10_00n);
    expect(freeOf({ available: 1_00n, reserved: 2_00n })).toBe(0n);
    expect(lowestTotalOf(branch)).toBe(15_00n);
  });

  it.each<[string, bigint, boolean, 'source' | 'unit' | null]>([
    ['a dispatch within the free figure passes', 10_00n, false, null],
    ['a dispatch one fen over names what is held', 10_01n, false, 'source'],
    ['a re-dispatch down to the lowest total passes', 15_00n, true, null],
    ['a re-dispatch one fen under the lowest total names the unit', 14_99n, true, 'unit'],
    ['a re-dispatch rising by the free figure passes', 50_00n, true, null],
    ['a re-dispatch rising beyond it is refused', 50_01n, true, 'source'],
  ])('%s', (_name, amount, afresh, expected) => {
    const refusal = dispatchRefusal(source, [{ unitId: 'a', amount, current: branch.granted }], targets, afresh);
    if (expected === null) return expect(refusal).toBeNull();
    expect(refusal?.code).toBe('QUOTA_INSUFFICIENT');
    if (expected === 'unit') {
      expect(refusal).toMatchObject({ key: 'server.insufficientUnit', params: { unit: '一分公司', available: '¥25.00', lowest: '¥15.00', needed: '¥25.01' } });
    } else {
      expect(refusal?.key).toBe('server.insufficientReserved');
      expect(refusal?.params).toEqual({ available: '¥60.00', reserved: '¥50.00', free: '¥10.00', needed: '¥10.01' });
    }
  });

  it('words a refusal without holds as plain 额度不足 with ¥ amounts', () => {
    expect(takeRefusal({ available: 1_000_000_05n, reserved: 0n }, 1_000_000_06n)).toEqual({
      code: 'QUOTA_INSUFFICIENT',
      key: 'server.insufficient',
      params: { available: '¥1,000,000.05', needed: '¥1,000,000.06' },
    });
    expect(takeRefusal({ available: 1_00n, reserved: 0n }, 1_00n)).toBeNull();
  });
});
