/** The pager's total: grouped as the language writes numbers, and honest about a bounded count (issue 42). */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pagerTotal } from '../../../src/crud/pager-total';
import kitEn from '../../../locales/en-US/kit.json';
import kitZh from '../../../locales/zh-CN/kit.json';

async function translator(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { 'zh-CN': { kit: kitZh }, 'en-US': { kit: kitEn } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('pagerTotal', () => {
  it('groups an exact count in both languages', async () => {
    expect(pagerTotal(await translator('zh-CN'), 'zh-CN', 10_835, undefined)).toBe('共 10,835 条');
    expect(pagerTotal(await translator('en-US'), 'en-US', 10_835, false)).toBe('10,835 in total');
    expect(pagerTotal(await translator('zh-CN'), 'zh-CN', 37, undefined)).toBe('共 37 条');
  });

  it('says a bounded count is more than the bound, never the floor as a count', async () => {
    expect(pagerTotal(await translator('zh-CN'), 'zh-CN', 10_001, true)).toBe('超过 10,000 条');
    expect(pagerTotal(await translator('en-US'), 'en-US', 10_001, true)).toBe('10,000+ in total');
  });
});
