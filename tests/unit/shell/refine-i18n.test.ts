// @vitest-environment jsdom
import { i18nProvider, setLanguage } from '../../../src/providers/i18n';
import '../../../src/providers/i18n-app';

describe("Refine's i18nProvider follows the language", () => {
  afterEach(async () => {
    await setLanguage('zh-CN');
  });

  it.each([
    ['zh-CN', 'buttons.create', undefined, '新建'],
    ['zh-CN', 'notifications.createSuccess', { resource: '字典' }, '字典新建成功'],
    ['en-US', 'buttons.create', undefined, 'Create'],
    ['en-US', 'notifications.deleteError', { resource: 'Dictionary', statusCode: 500 }, 'Error when deleting Dictionary (status code: 500)'],
    ['zh-CN', 'home.title', undefined, '首页'],
    ['zh-CN', 'auth:logout.confirm', undefined, '确定注销并退出系统吗？'],
  ])('%s %s', async (language, key, options, expected) => {
    await setLanguage(language as 'zh-CN' | 'en-US');
    expect(i18nProvider.translate(key, options)).toBe(expected);
  });

  it('falls back to the default message for a key nobody translated', () => {
    expect(i18nProvider.translate('no.such.key', undefined, 'Default')).toBe('Default');
    expect(i18nProvider.getLocale()).toBe('zh-CN');
  });
});
