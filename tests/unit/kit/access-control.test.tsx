// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import '../../../src/providers/i18n-app';
import { HasPermi, HasRole } from '../../../src/components/access/HasAccess';
import { accessControlProvider, decideAccess } from '../../../src/providers/access-control';
import { accessControlProvider as lazyAccessControlProvider } from '../../../src/providers/lazy-providers';
import { userStore } from '../../../src/providers/user';
import { PERMISSIONS as CERTIFICATES_PERMISSIONS } from '../../../src/features/certificates/permissions';
import { PERMISSIONS as REALNAME_PERMISSIONS } from '../../../src/features/realname/permissions';
import { ALL_PERMISSIONS_WILDCARD, PERMISSIONS as PLATFORM_PERMISSIONS } from '../../../src/lib/permissions';
import { ROLE } from '../../../src/lib/codes';
import { personaUser, userWith, type PersonaName } from './personas';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...CERTIFICATES_PERMISSIONS, ...REALNAME_PERMISSIONS, ...PLATFORM_PERMISSIONS };

afterEach(() => {
  cleanup();
  userStore.set(undefined);
});

describe('decideAccess: an action on a declared resource needs the permission the declaration names', () => {
  it.each<[PersonaName, string, string, boolean]>([
    // admin holds *:*:*
    ['op_admin', 'dict-types', 'list', true],
    ['op_admin', 'dict-types', 'show', true],
    ['op_admin', 'dict-types', 'create', true],
    ['op_admin', 'dict-types', 'edit', true],
    ['op_admin', 'dict-types', 'delete', true],
    ['op_admin', 'dict-types', 'export', true],
    ['op_admin', 'export-records', 'download', true],
    // the wildcard grants what a resource offers, never what it does not
    ['op_admin', 'export-records', 'create', false],
    ['op_admin', 'export-records', 'edit', false],
    ['op_admin', 'dict-types', 'download', false],
    ['op_admin', 'dict-types', 'clone', false],
    ['op_admin', 'no-such-resource', 'list', false],
    // the auditor reads and does nothing else
    ['op_auditor', 'dict-types', 'list', true],
    ['op_auditor', 'dict-types', 'show', true],
    ['op_auditor', 'dict-datas', 'list', true],
    ['op_auditor', 'configs', 'show', true],
    ['op_auditor', 'dict-types', 'create', false],
    ['op_auditor', 'dict-types', 'edit', false],
    ['op_auditor', 'dict-datas', 'delete', false],
    ['op_auditor', 'configs', 'export', false],
    // export records: show is granted by the list permission
    ['op_auditor', 'export-records', 'list', true],
    ['op_auditor', 'export-records', 'show', true],
    ['op_auditor', 'export-records', 'delete', false],
    ['op_auditor', 'export-records', 'download', false],
    // the handler holds no system grant
    ['op_handler', 'dict-types', 'list', false],
    ['op_handler', 'configs', 'show', false],
    ['op_agent', 'export-records', 'list', false],
  ])('%s on %s %s → %s', (persona, resource, action, allowed) => {
    expect(decideAccess(personaUser(persona), resource, action)).toBe(allowed);
  });

  it.each([
    ['list only', [PERMISSIONS.dictData.list], { list: true, show: false, create: false, edit: false, delete: false }],
    ['add and edit without list', [PERMISSIONS.dictData.add, PERMISSIONS.dictData.edit], { list: false, show: false, create: true, edit: true, delete: false }],
    [
      "the other resource's grants do not count",
      [PERMISSIONS.dictType.remove, PERMISSIONS.dictType.list],
      { list: false, show: false, create: false, edit: false, delete: false },
    ],
    ['the wildcard', [ALL_PERMISSIONS_WILDCARD], { list: true, show: true, create: true, edit: true, delete: true }],
  ])('dict-datas with %s', (_, menuPerms, expected) => {
    const user = userWith(menuPerms);
    for (const [action, allowed] of Object.entries(expected)) expect(decideAccess(user, 'dict-datas', action), action).toBe(allowed);
  });

  it('nobody signed in may do nothing', () => {
    expect(decideAccess(undefined, 'dict-types', 'list')).toBe(false);
    expect(decideAccess(undefined, undefined, 'list', { permissions: [ALL_PERMISSIONS_WILDCARD] })).toBe(false);
  });

  it.each<[string, PersonaName, string | undefined, { permissions?: string[]; roles?: string[] } | undefined, boolean]>([
    ['a held permission without a resource', 'op_handler', undefined, { permissions: [PERMISSIONS.task.handle] }, true],
    ['any one of several permissions', 'op_director', undefined, { permissions: [PERMISSIONS.task.start, PERMISSIONS.task.handle] }, true],
    ['a permission not held', 'op_director', undefined, { permissions: [PERMISSIONS.task.start] }, false],
    ['a held role', 'op_auditor', undefined, { roles: [ROLE.OP_AUDITOR] }, true],
    ['a role by pkRole', 'op_auditor', undefined, { roles: ['r-op-auditor'] }, true],
    ['a role not held', 'op_auditor', undefined, { roles: [ROLE.OP_HANDLER] }, false],
    ['admin passes any role check', 'op_admin', undefined, { roles: [ROLE.OP_HANDLER] }, true],
    ['nothing asked and no resource', 'op_admin', undefined, undefined, false],
    ['a resource and a held role: both must pass', 'op_auditor', 'dict-types', { roles: [ROLE.OP_AUDITOR] }, true],
    ['a resource granted but the role refused', 'op_auditor', 'dict-types', { roles: [ROLE.OP_HANDLER] }, false],
    ['a role held but the resource action refused', 'op_handler', 'dict-types', { roles: [ROLE.OP_HANDLER] }, false],
  ])('%s', (_, persona, resource, params, allowed) => {
    expect(decideAccess(personaUser(persona), resource, 'list', params)).toBe(allowed);
  });

  it('an empty permission or role list is a developer error, not a denial', () => {
    expect(() => decideAccess(personaUser('op_admin'), undefined, 'list', { permissions: [] })).toThrow();
    expect(() => decideAccess(personaUser('op_admin'), undefined, 'list', { roles: [] })).toThrow();
  });
});

describe('accessControlProvider.can follows the signed-in user', () => {
  it.each([
    ['the real provider', accessControlProvider],
    ['the lazy provider', lazyAccessControlProvider],
  ])('%s', async (_, provider) => {
    expect(await provider.can({ resource: 'configs', action: 'edit' })).toEqual({ can: false });
    userStore.set(personaUser('op_auditor'));
    expect(await provider.can({ resource: 'configs', action: 'list' })).toEqual({ can: true });
    expect(await provider.can({ resource: 'configs', action: 'edit' })).toEqual({ can: false });
    expect(await provider.can({ action: 'list', params: { roles: [ROLE.OP_AUDITOR] } })).toEqual({ can: true });
    userStore.set(personaUser('op_admin'));
    expect(await provider.can({ resource: 'configs', action: 'edit' })).toEqual({ can: true });
    expect(provider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });
});

describe('<HasPermi> and <HasRole> (spec §6)', () => {
  const shown = () => screen.queryByText('secret') !== null;

  it.each<[string, PersonaName | undefined, string[], boolean]>([
    ['a held permission', 'op_handler', [PERMISSIONS.realname.submit], true],
    ['any one of the list', 'op_director', [PERMISSIONS.realname.add, PERMISSIONS.realname.query], true],
    ['no permission of the list', 'op_director', [PERMISSIONS.realname.add, PERMISSIONS.realname.edit], false],
    ['the admin wildcard', 'op_admin', [PERMISSIONS.certificate.reopen], true],
    ['a read-only auditor asking to edit', 'op_auditor', [PERMISSIONS.config.edit], false],
    ['nobody signed in', undefined, [PERMISSIONS.task.list], false],
  ])('HasPermi: %s', (_, persona, value, visible) => {
    if (persona) userStore.set(personaUser(persona));
    render(
      <HasPermi value={value}>
        <button>secret</button>
      </HasPermi>,
    );
    expect(shown()).toBe(visible);
  });

  it.each<[string, PersonaName | undefined, string[], boolean]>([
    ['the role by its code', 'op_handler', [ROLE.OP_HANDLER], true],
    ['the role by pkRole', 'op_handler', ['r-op-handler'], true],
    ['one of several roles', 'op_director', [ROLE.OP_HANDLER, ROLE.OP_DIRECTOR], true],
    ['another role', 'op_director', [ROLE.OP_HANDLER], false],
    ['admin passes whatever is listed', 'op_admin', [ROLE.OP_AUDITOR], true],
    ['nobody signed in', undefined, [ROLE.OP_HANDLER], false],
  ])('HasRole: %s', (_, persona, value, visible) => {
    if (persona) userStore.set(personaUser(persona));
    render(
      <HasRole value={value}>
        <button>secret</button>
      </HasRole>,
    );
    expect(shown()).toBe(visible);
  });

  it('HasRole matches the code or pkRole, never the display name an administrator may rename', () => {
    userStore.set(userWith([], [{ code: 'ROLE_X', roleName: '经办岗', pkRole: 'r-x' }]));
    const { rerender } = render(
      <HasRole value={['ROLE_X']}>
        <span>secret</span>
      </HasRole>,
    );
    expect(shown()).toBe(true);
    rerender(
      <HasRole value={['经办岗']}>
        <span>secret</span>
      </HasRole>,
    );
    expect(shown()).toBe(false);
    rerender(
      <HasRole value={['r-x']}>
        <span>secret</span>
      </HasRole>,
    );
    expect(shown()).toBe(true);
  });

  it('shows and hides as user info is refreshed', () => {
    userStore.set(personaUser('op_director'));
    render(
      <>
        <HasPermi value={[PERMISSIONS.realname.add]}>
          <span>add</span>
        </HasPermi>
        <HasRole value={[ROLE.OP_HANDLER]}>
          <span>handler</span>
        </HasRole>
      </>,
    );
    expect(screen.queryByText('add')).toBeNull();
    expect(screen.queryByText('handler')).toBeNull();
    act(() => userStore.set(personaUser('op_handler')));
    expect(screen.getByText('add')).toBeInTheDocument();
    expect(screen.getByText('handler')).toBeInTheDocument();
    act(() => userStore.set(undefined));
    expect(screen.queryByText('add')).toBeNull();
    expect(screen.queryByText('handler')).toBeNull();
  });

  it.each([
    ['HasPermi', () => <HasPermi value={[]}>x</HasPermi>, '请设置操作权限标签值'],
    ['HasRole', () => <HasRole value={[]}>x</HasRole>, '请设置角色权限标签值'],
  ])('%s with an empty list throws the translated catalogue message', (_, ui, message) => {
    userStore.set(personaUser('op_admin'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(ui())).toThrow(message);
    } finally {
      quiet.mockRestore();
    }
  });
});
