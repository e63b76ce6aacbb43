// @vitest-environment jsdom
import '../../../src/providers/i18n';
import { ELEMENTS_CALL } from '../../../src/lib/access';
import { requestShellData, takeEarly } from '../../../src/providers/early-requests';
import { GLOBAL_CONFIG_CALLS, loadShellGlobalConfig } from '../../../src/providers/global-config';
import { setCsrf, setSessionKeys } from '../../../src/providers/session';
import { MENU_TREE_CALL, userStore } from '../../../src/providers/user';
import { answer, resetServer, sent } from '../kit/net';
import { personaUser } from '../kit/personas';

const paths = () => sent.map((request) => request.path);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function signIn(): void {
  document.cookie = 'Admin-Token=tok-1; Path=/';
  document.cookie = 'XSRF-TOKEN=csrf-cookie; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf-header' });
}

beforeEach(() => {
  resetServer();
  sessionStorage.clear();
  document.cookie = 'Admin-Token=; Path=/; Max-Age=0';
  userStore.set(undefined);
  answer('/op/v1/userInfo', { data: personaUser('op_admin') });
  answer(MENU_TREE_CALL, { data: [{ menuUri: 'system' }] });
  answer(ELEMENTS_CALL, { data: { elements: [{ pkResource: 'index:home:data-dashboard' }] } });
  for (const call of GLOBAL_CONFIG_CALLS) answer(call, { data: {} });
});

describe('the shell data asked for before the shell has loaded (providers/early-requests)', () => {
  it("on /op asks for user info, the menu tree, the global config and the home page's elements, side by side", async () => {
    signIn();
    requestShellData('/op');
    await settle();
    expect(paths().sort()).toEqual(['/op/v1/userInfo', MENU_TREE_CALL, ...GLOBAL_CONFIG_CALLS, ELEMENTS_CALL].sort());
    expect(sent.find((request) => request.path === ELEMENTS_CALL)?.body).toEqual({ resourceKey: 'index.html' });
    expect(userStore.get()?.personName).toBe(personaUser('op_admin').personName);
  });

  it('hands each answer to its taker once; a later load asks the server again', async () => {
    signIn();
    requestShellData('/op/system/dict');
    expect(paths()).not.toContain(ELEMENTS_CALL);
    await expect(takeEarly(MENU_TREE_CALL)).resolves.toEqual([{ menuUri: 'system' }]);
    expect(takeEarly(MENU_TREE_CALL)).toBeUndefined();
    await loadShellGlobalConfig();
    expect(paths().filter((path) => path === GLOBAL_CONFIG_CALLS[0])).toHaveLength(1);
  });

  it('a tab without a session, or a path outside the shell, asks for nothing', async () => {
    requestShellData('/op');
    signIn();
    requestShellData('/login/op');
    requestShellData('/opx');
    await settle();
    expect(sent).toEqual([]);
    expect(takeEarly(MENU_TREE_CALL)).toBeUndefined();
  });

  it('a failing early call is reported by its taker, not at start', async () => {
    signIn();
    answer(MENU_TREE_CALL, { envelope: { code: '500', message: '菜单加载失败' } });
    requestShellData('/op');
    await settle();
    await expect(takeEarly(MENU_TREE_CALL)).rejects.toThrow('菜单加载失败');
  });
});
