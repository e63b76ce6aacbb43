/**
 * The seeded dictionaries carry an English label (the dict namespace: locales/en-US/dict.json and the areas' shares), shown in en-US; the
 * database label stays in zh-CN and for anything the locale does not know.
 */
import { localeNamespace } from '../../../server/locale-catalogue';
import { DICTIONARIES } from '../../../server/db/seed-data/dictionaries';
import { localDictLabel } from '../../../src/providers/dictionaries';
import i18n, { addLocaleFiles } from '../../../src/providers/i18n';

const en = localeNamespace('en-US', 'dict') as Record<string, Record<string, string>>;
const zh = localeNamespace('zh-CN', 'dict') as Record<string, Record<string, string>>;

describe('dictionary labels by language', () => {
  it('has an English label for every item of every seeded dictionary, and the seed label in zh-CN', () => {
    for (const dict of DICTIONARIES) {
      for (const [value, label] of dict.items) {
        expect(zh[dict.dictType]?.[value], `${dict.dictType}.${value}`).toBe(label);
        expect(en[dict.dictType]?.[value], `${dict.dictType}.${value}`).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('shows the English label in en-US, the database label in zh-CN and for unknown items', async () => {
    addLocaleFiles({ 'locales/en-US/dict.json': en, 'locales/zh-CN/dict.json': zh });
    await i18n.changeLanguage('en-US');
    expect(localDictLabel('sys_yes_no', 'Y', '是')).toBe('Yes');
    expect(localDictLabel('sys_normal_disable', '0', '正常')).toBe('Normal');
    expect(localDictLabel('sys_yes_no', 'MAYBE', '也许')).toBe('也许');
    expect(localDictLabel('custom_type', 'A', '自定义')).toBe('自定义');
    await i18n.changeLanguage('zh-CN');
    expect(localDictLabel('sys_yes_no', 'Y', '是（已改名）')).toBe('是（已改名）');
  });
});
