import { localeNamespace } from '../../server/locale-catalogue';
import { checkPasswordChange, isStrongPassword, passwordFieldError, PASSWORD_MESSAGES } from '../../src/lib/password';

const zh = localeNamespace('zh-CN', 'auth');

describe('spec 5.1 password strength', () => {
  it.each([
    ['Admin@2026!', true],
    ['Aa1!aaaa', true],
    ['Aa1!aaaaaaaaaaaaaaaa', true],
    ['Aa1!aaa', false], // 7 characters
    ['Aa1!aaaaaaaaaaaaaaaaa', false], // 21 characters
    ['admin@2026!', false], // no uppercase
    ['ADMIN@2026!', false], // no lowercase
    ['Admin@abcd!', false], // no digit
    ['Admin2026ab', false], // no special character
    ['Admin @2026!', false], // whitespace
    ['Admin\t@2026!', false],
    ['中文Aa1!aaaa', true], // non-ASCII counts as special, still no whitespace
  ])('%s → %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });
});

describe('spec 5.1 change-password rules', () => {
  const ok = { originalPassword: 'Old@2026!x', newPassword: 'New@2026!x', repeatPassword: 'New@2026!x' };
  it.each([
    [{ ...ok, originalPassword: '   ' }, 'originalPassword', PASSWORD_MESSAGES.required],
    [{ ...ok, newPassword: '' }, 'newPassword', PASSWORD_MESSAGES.required],
    [{ ...ok, repeatPassword: '' }, 'repeatPassword', PASSWORD_MESSAGES.required],
    [{ ...ok, originalPassword: 'x'.repeat(21) }, 'originalPassword', PASSWORD_MESSAGES.tooLong],
    [{ ...ok, newPassword: 'Old@2026!x', repeatPassword: 'Old@2026!x' }, 'newPassword', PASSWORD_MESSAGES.sameAsOld],
    [{ ...ok, newPassword: ' Old@2026!x ', repeatPassword: 'Old@2026!x' }, 'newPassword', PASSWORD_MESSAGES.sameAsOld],
    [{ ...ok, newPassword: 'newpassword', repeatPassword: 'newpassword' }, 'newPassword', PASSWORD_MESSAGES.weak],
    [{ ...ok, repeatPassword: 'New@2026!y' }, 'repeatPassword', PASSWORD_MESSAGES.repeatMismatch],
  ])('refuses %j at %s', (input, field, message) => {
    expect(checkPasswordChange(input)).toEqual({ field, message });
    expect(passwordFieldError(field as 'newPassword', input)).toBe(message);
  });

  it('accepts a valid change, trimming input as the form does', () => {
    expect(checkPasswordChange(ok)).toBeNull();
    expect(checkPasswordChange({ ...ok, repeatPassword: ' New@2026!x ' })).toBeNull();
  });

  it('on the server, without a repeat field, checks the other two', () => {
    expect(checkPasswordChange({ originalPassword: ok.originalPassword, newPassword: ok.newPassword })).toBeNull();
  });

  it('quotes the spec verbatim in zh-CN', () => {
    const text = (key: string) =>
      key
        .split(':')[1]
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], zh);
    expect(text(PASSWORD_MESSAGES.required)).toBe('此处不能为空');
    expect(text(PASSWORD_MESSAGES.sameAsOld)).toBe('新密码不能与旧密码相同');
    expect(text(PASSWORD_MESSAGES.weak)).toBe('请输入8至20位的数字、大小写字母及特殊字符4种类型字符的组合');
    expect(text(PASSWORD_MESSAGES.repeatMismatch)).toBe('重复新密码与新密码不同');
  });
});
