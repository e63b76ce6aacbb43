/**
 * How an operation-log entry's change reads its ids (issue 38 item 2): a value is shown by its names
 * only when the server named every id in it, and a list changed in place shows what it lost and gained.
 */
import { describe, expect, it } from 'vitest';
import { listChange, namesOf } from '../../../src/features/operation-log/OperationChange';

describe('namesOf', () => {
  const names = { menuIds: { 'm-1': '字典管理', 'm-2': '字典数据' }, instanceId: { 'i-1': 'FA2026001' } };

  it('names one id and a list of ids, in their order', () => {
    expect(namesOf(names, 'instanceId', 'i-1')).toEqual(['FA2026001']);
    expect(namesOf(names, 'menuIds', ['m-2', 'm-1'])).toEqual(['字典数据', '字典管理']);
  });

  it('names nothing when one id is unknown, the field has no names, or the value is no id', () => {
    expect(namesOf(names, 'menuIds', ['m-1', 'm-gone'])).toBeUndefined();
    expect(namesOf(names, 'billId', 'b-1')).toBeUndefined();
    expect(namesOf(undefined, 'instanceId', 'i-1')).toBeUndefined();
    expect(namesOf(names, 'menuIds', [])).toBeUndefined();
    expect(namesOf(names, 'instanceId', 42)).toBeUndefined();
  });
});

describe('listChange', () => {
  it('keeps what was removed and what was added, not what stayed', () => {
    expect(listChange(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toEqual({ removed: ['a'], added: ['d', 'e'] });
    expect(listChange([], ['x'])).toEqual({ removed: [], added: ['x'] });
    expect(listChange(['x'], ['x'])).toEqual({ removed: [], added: [] });
  });

  it('compares objects by their content', () => {
    expect(listChange([{ id: 1 }], [{ id: 1 }, { id: 2 }])).toEqual({ removed: [], added: [{ id: 2 }] });
  });
});
