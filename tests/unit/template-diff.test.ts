import { describe, expect, it } from 'vitest';
import { hasChanges, templateDiff, templateText } from '../../src/features/products/template-diff';
import { bandsOverlap, firstOverlap, placeholdersIn, unknownPlaceholders } from '../../src/lib/products';

describe('template versions', () => {
  it('reads sanitised HTML as lines of text', () => {
    expect(templateText('<h2>协议</h2><p>甲方：{{corpName}} &amp; 乙方</p><p><strong>第一条</strong></p>')).toBe('协议\n甲方：{{corpName}} & 乙方\n第一条');
  });

  it('shows what was added and removed between two versions, and nothing for the same text', () => {
    const parts = templateDiff('<p>逾期按日万分之五计收违约金。</p>', '<p>逾期按日万分之三计收违约金。</p><p>第四条 生效。</p>');
    expect(
      parts
        .filter((p) => p.kind === 'removed')
        .map((p) => p.text)
        .join(''),
    ).toContain('五');
    expect(
      parts
        .filter((p) => p.kind === 'added')
        .map((p) => p.text)
        .join(''),
    ).toContain('三');
    expect(
      parts
        .filter((p) => p.kind === 'added')
        .map((p) => p.text)
        .join(''),
    ).toContain('第四条');
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('逾期按日万分之三计收违约金。\n第四条 生效。');
    expect(hasChanges(templateDiff('<p>同样</p>', '<p>同样</p>'))).toBe(false);
  });

  it('knows its placeholders', () => {
    expect(placeholdersIn('{{corpName}} {{ amount }} {{corpName}}')).toEqual(['corpName', 'amount']);
    expect(unknownPlaceholders('{{corpName}} {{corpNmae}}')).toEqual(['corpNmae']);
  });
});

describe('tenor bands', () => {
  it.each([
    [[1, 90], [91, 180], false],
    [[1, 90], [90, 180], true],
    [[30, 60], [1, 365], true],
    [[200, 300], [1, 199], false],
  ] as const)('%j and %j overlap: %s', (a, b, overlap) => {
    const band = (r: readonly [number, number]) => ({ tenorFromDays: r[0], tenorToDays: r[1] });
    expect(bandsOverlap(band(a), band(b))).toBe(overlap);
    expect(bandsOverlap(band(b), band(a))).toBe(overlap);
  });

  it('names the first clash', () => {
    expect(
      firstOverlap({ tenorFromDays: 50, tenorToDays: 100 }, [
        { tenorFromDays: 1, tenorToDays: 10, policyName: 'a' },
        { tenorFromDays: 95, tenorToDays: 120, policyName: 'b' },
      ])?.policyName,
    ).toBe('b');
  });
});
