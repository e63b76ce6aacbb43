import zhCN from '../../../locales/zh-CN/validation.json';
import enUS from '../../../locales/en-US/validation.json';
import { validationMessage, validators } from '../../../src/lib/validators';

const catalogues: Record<string, Record<string, unknown>> = { 'zh-CN': zhCN, 'en-US': enUS };

describe('validation locale files', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
    for (const key of Object.keys(zhCN)) expect(enUS).toHaveProperty(key);
    for (const key of Object.keys(enUS)) expect(zhCN).toHaveProperty(key);
  });

  it('hold a non-empty message for every key, Chinese in zh-CN', () => {
    for (const [lang, messages] of Object.entries(catalogues)) {
      for (const [key, message] of Object.entries(messages)) {
        expect(typeof message, `${lang}:${key}`).toBe('string');
        expect((message as string).trim(), `${lang}:${key}`).not.toBe('');
      }
    }
    for (const message of Object.values(zhCN)) expect(message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('resolve every validator messageKey (namespace:key) in both languages, with no unused keys', () => {
    for (const validator of Object.values(validators)) {
      const [namespace, key] = validator.messageKey.split(':');
      expect(namespace).toBe('validation');
      for (const messages of Object.values(catalogues)) expect(messages[key]).toEqual(expect.any(String));
      expect(validationMessage(validator.name, 'zh-CN')).toBe(zhCN[validator.name]);
      expect(validationMessage(validator.name, 'en-US')).toBe(enUS[validator.name]);
    }
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(validators).sort());
  });
});
