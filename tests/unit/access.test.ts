import zh from '../../locales/zh-CN/access.json';
import {
  ACCESS_ERRORS,
  AccessRuleError,
  canAccessMenu,
  grantedMenuUris,
  hasAnyPermission,
  hasAnyRole,
  hasElementWhenLoaded,
  hasPermission,
  pageResourceKey,
  positionsOf,
} from '../../src/lib/access';
import { PERMISSIONS } from '../../src/lib/permissions';

describe('permissions (menuPerms, *:*:*)', () => {
  it.each([
    [['*:*:*'], PERMISSIONS.config.remove, true],
    [['system:dict:list'], 'system:dict:list', true],
    [['system:dict:list'], 'system:dict:remove', false],
    [[], 'system:dict:list', false],
    [['system:*:*'], 'system:dict:list', false], // only the full wildcard is a wildcard
    [['*:*:*:x'], 'system:dict:list', false],
  ])('%j holds %s: %s', (perms, required, expected) => {
    expect(hasPermission(perms, required)).toBe(expected);
  });

  it('any of a list', () => {
    expect(hasAnyPermission(['a:b:c'], ['x:y:z', 'a:b:c'])).toBe(true);
    expect(hasAnyPermission(['a:b:c'], ['x:y:z'])).toBe(false);
  });

  it('an empty list is a developer error with the spec message, not a denial', () => {
    expect(() => hasAnyPermission(['*:*:*'], [])).toThrow(AccessRuleError);
    expect(() => hasAnyPermission(['*:*:*'], [])).toThrow(ACCESS_ERRORS.emptyPermissions);
    expect(() => hasAnyRole([], [])).toThrow(ACCESS_ERRORS.emptyRoles);
    expect(zh.emptyPermissions).toBe('请设置操作权限标签值');
    expect(zh.emptyRoles).toBe('请设置角色权限标签值');
  });
});

describe('roles (admin, or any listed role by code or pkRole; the display name decides nothing)', () => {
  const admin = { code: 'admin', roleName: '系统管理员', pkRole: 'r-admin' };
  const handler = { code: 'ROLE_OP_HANDLER', roleName: '运营经办', pkRole: 'r-handler' };
  // A role an administrator named like a code or like admin gains nothing by its name.
  const posing = { code: 'ROLE_CLERK', roleName: 'admin', pkRole: 'r-clerk' };
  const posingDirector = { code: 'ROLE_CLERK2', roleName: 'ROLE_OP_DIRECTOR', pkRole: 'r-clerk2' };
  it.each([
    [[admin], ['ROLE_OP_DIRECTOR'], true],
    [[handler], ['ROLE_OP_HANDLER'], true],
    [[handler], ['r-handler'], true],
    [[handler], ['ROLE_OP_DIRECTOR', 'r-handler'], true],
    [[handler], ['ROLE_OP_DIRECTOR'], false],
    [[handler], ['运营经办'], false],
    [[posing], ['ROLE_OP_DIRECTOR'], false],
    [[posingDirector], ['ROLE_OP_DIRECTOR'], false],
    [[], ['ROLE_OP_DIRECTOR'], false],
  ])('%j in %j: %s', (authorities, required, expected) => {
    expect(hasAnyRole(authorities, required)).toBe(expected);
  });
});

describe('authorisation positions from personPosition', () => {
  it('reads the four positions from a comma-separated list', () => {
    expect(positionsOf('SYS_AUTH_DIRECTOR, DEPT_AUTH_OPERATOR')).toEqual({
      systemAuthDirector: true,
      systemAuthOperator: false,
      departmentAuthDirector: false,
      departmentAuthOperator: true,
    });
    expect(Object.values(positionsOf(''))).toEqual([false, false, false, false]);
    expect(Object.values(positionsOf(undefined))).toEqual([false, false, false, false]);
  });
});

describe('menu access by menuUri', () => {
  const tree = [
    { meta: { menuUri: 'system' }, children: [{ meta: { menuUri: 'system:dict' } }, { meta: { menuUri: 'system:config' } }] },
    { meta: { menuUri: 'task' } },
  ];
  const granted = grantedMenuUris(tree);
  it.each([
    ['system:dict', true],
    ['task', true],
    ['system:export', false],
    ['', false],
  ])('%s granted: %s', (uri, expected) => {
    expect(canAccessMenu(granted, uri)).toBe(expected);
  });
});

describe('element permissions per page resource', () => {
  it('keys a page by page key + .html', () => {
    expect(pageResourceKey('dict')).toBe('dict.html');
    expect(pageResourceKey('dict.html')).toBe('dict.html');
  });

  it('retries once a second, up to 10 times, until the elements are loaded', async () => {
    const sleeps: number[] = [];
    let loadedAfter = 3;
    const result = await hasElementWhenLoaded(
      () => (loadedAfter-- > 0 ? undefined : [{ pkResource: 'system:dict:add' }]),
      'system:dict:add',
      async (ms) => void sleeps.push(ms),
    );
    expect(result).toBe(true);
    expect(sleeps).toEqual([1000, 1000, 1000]);
  });

  it('answers no after 10 tries that never load', async () => {
    let tries = 0;
    const sleeps: number[] = [];
    const result = await hasElementWhenLoaded(
      () => void (tries += 1),
      'x',
      async (ms) => void sleeps.push(ms),
    );
    expect(result).toBe(false);
    expect(tries).toBe(10);
    expect(sleeps.length).toBe(9);
  });

  it('answers no at once when loaded without the element', async () => {
    const sleep = vi.fn(async () => undefined);
    expect(await hasElementWhenLoaded(() => [{ pkResource: 'a' }], 'b', sleep)).toBe(false);
    expect(sleep).not.toHaveBeenCalled();
  });
});
