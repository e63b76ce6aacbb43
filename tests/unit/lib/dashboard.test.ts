import { shareOf } from '../../../src/lib/dashboard';

describe('shareOf', () => {
  it.each<[string, string, string]>([
    ['47000000.00', '88000000.00', '53.4090'],
    ['0.00', '88000000.00', '0.0000'],
    ['88000000.00', '88000000.00', '100.0000'],
    ['1.00', '3.00', '33.3333'],
    ['0.01', '100000000.00', '0.0000'],
    ['5', '0.00', '0'],
    ['-1.5', '3', '-50.0000'],
  ])('%s of %s is %s%%', (part, whole, expected) => {
    expect(shareOf(part, whole)).toBe(expected);
  });
});
