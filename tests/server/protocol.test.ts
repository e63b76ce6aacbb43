/**
 * PROTOCOL.md §5 over a real socket on 127.0.0.1: for every check an accepted and a refused case,
 * the refusal's status, code and message, proof that the refused call changed nothing, and the
 * order of the checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import errors from '../../locales/zh-CN/errors.json';
import { PERMISSIONS } from '../../src/lib/permissions';
import { HEADER } from '../../src/protocol/headers';
import type { RouteModule } from '../../server/app';
import { sysConfigs } from '../../server/db/schema';
import { recordChange } from '../../server/operation-log/record';
import { route } from '../../server/routes/route';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { z } from 'zod';
import { text } from '../../server/input/fields';
import { ApiClient, passwordOf, signInAs, type ApiResponse, type OutgoingRequest } from './client';
import { startServer, type TestServer } from './server';

type ProtocolCode = 'BAD_REQUEST' | 'TIMESTAMP_EXPIRED' | 'NONCE_REPLAYED' | 'SIGN_INVALID' | 'UNAUTHORIZED' | 'CSRF_INVALID' | 'FORBIDDEN';
const STATUS: Record<ProtocolCode, number> = {
  BAD_REQUEST: 400,
  TIMESTAMP_EXPIRED: 400,
  NONCE_REPLAYED: 400,
  SIGN_INVALID: 400,
  UNAUTHORIZED: 401,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
};

function expectRefused(answer: ApiResponse, code: ProtocolCode) {
  expect({ status: answer.status, body: answer.body }).toEqual({ status: STATUS[code], body: { code, message: errors[code] } });
}

function expectAccepted(answer: ApiResponse) {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe('0');
}

/** A test-only route guarded by a permission the auditor lacks, whose effect can be read back. */
const setValueBody = z.object({ configKey: text('server:input.fields.configKey'), configValue: text('server:bodySchema.fields.configValue') });
const configEditRoute: RouteModule = (api, ctx) =>
  route(api, {
    method: 'POST',
    path: '/test/configs/set-value',
    auth: 'session',
    permission: PERMISSIONS.config.edit,
    body: setValueBody,
    // Logged like every write of a call (server/operation-log/guard.ts refuses a commit without its entry).
    handler: async ({ body, principal }) => {
      await ctx.db.transaction(async (tx) => {
        await tx.update(sysConfigs).set({ configValue: body.configValue }).where(eq(sysConfigs.configKey, body.configKey));
        await recordChange(tx, principal, {
          resource: 'sys-configs',
          recordId: body.configKey,
          action: OPERATION_ACTION.update,
          after: { configValue: body.configValue },
        });
      });
      return null;
    },
  });

const THEME_KEY = 'sys.platform.theme-color';

let server: TestServer;
let admin: ApiClient;

const currentCorp = async (client: ApiClient) => (await client.call<{ corpId: string }>('/op/v1/userInfo', { method: 'GET' })).body.data!.corpId;
const otherCorp = (corpId: string) => (corpId === 'CORP-HQ' ? 'CORP-EAST' : 'CORP-HQ');
const switchCorp = (client: ApiClient, corpId: string, options: Parameters<ApiClient['call']>[1] = {}) =>
  client.call('/op/v1/auth/switch/corp', { json: { corpId }, ...options });
const themeColour = async (client: ApiClient) =>
  (await client.call<string>('/op/v1/sys/configs/find-value-by-config-key', { json: { configKey: THEME_KEY } })).body.data;

/** Sends a corp switch broken by `tamper`, and checks the refusal left the session's corp as it was. */
async function refusedSwitch(code: ProtocolCode, options: Parameters<ApiClient['call']>[1], client: ApiClient = admin) {
  const before = await currentCorp(client);
  expectRefused(await switchCorp(client, otherCorp(before), options), code);
  expect(await currentCorp(client)).toBe(before);
}

beforeAll(async () => {
  // Private: it registers a test route of its own.
  server = await startServer({ extraRoutes: [configEditRoute] });
  admin = await signInAs(server.baseUrl, 'op_admin');
});
afterAll(() => server.close());

describe('check 1: X-Sys-Type, X-Nonce, X-Timestamp, X-Sign present and well formed', () => {
  it('accepts a request carrying all four', async () => {
    expectAccepted(await new ApiClient(server.baseUrl).call('/uaa/v1/security/public-keys'));
  });

  it.each([HEADER.sysType, HEADER.nonce, HEADER.timestamp, HEADER.sign])('refuses a request without %s, changing nothing', async (name) => {
    await refusedSwitch('BAD_REQUEST', { tamper: (r) => delete r.headers[name] });
  });

  it.each([
    [HEADER.sysType, 'OP_APP'],
    [HEADER.nonce, 'ABCDEF0123456789ABCDEF0123456789'],
    [HEADER.nonce, '0123456789abcdef'],
    [HEADER.timestamp, '17950000000001x'],
    [HEADER.timestamp, '-1795000000000'],
    [HEADER.sign, 'not-a-signature'],
    [HEADER.sign, '0123456789abcdef0123456789abcde'],
  ])('refuses %s = %s as malformed', async (name, value) => {
    await refusedSwitch('BAD_REQUEST', { tamper: (r) => (r.headers[name] = value) });
  });
});

describe('check 2: |now - X-Timestamp| at most 300,000 ms', () => {
  it('accepts a timestamp just inside the window, either side', async () => {
    expectAccepted(await admin.call('/op/v1/userInfo', { method: 'GET', now: Date.now() - 295_000 }));
    expectAccepted(await admin.call('/op/v1/userInfo', { method: 'GET', now: Date.now() + 295_000 }));
  });

  it('refuses a timestamp from the past beyond the window, changing nothing', async () => {
    await refusedSwitch('TIMESTAMP_EXPIRED', { now: Date.now() - 301_000 });
  });

  it('refuses a timestamp from the future beyond the window, changing nothing', async () => {
    await refusedSwitch('TIMESTAMP_EXPIRED', { now: Date.now() + 301_000 });
  });
});

describe('check 3: nonce not seen within the last 10 minutes', () => {
  it('accepts a fresh nonce and refuses its replay, which changes nothing', async () => {
    const start = await currentCorp(admin);
    const away = admin.prepare('/op/v1/auth/switch/corp', { json: { corpId: otherCorp(start) } });
    expectAccepted(await admin.send(away));
    expectAccepted(await switchCorp(admin, start));
    expectRefused(await admin.send(away), 'NONCE_REPLAYED');
    expect(await currentCorp(admin)).toBe(start);
  });

  it('does not let a wrongly signed copy burn the nonce of the genuine request', async () => {
    const genuine = admin.prepare('/op/v1/userInfo', { method: 'GET' });
    const forged: OutgoingRequest = { ...genuine, headers: { ...genuine.headers, [HEADER.sign]: '0'.repeat(32) } };
    expectRefused(await admin.send(forged), 'SIGN_INVALID');
    expectAccepted(await admin.send(genuine));
  });
});

describe('check 4: X-Sign and x-vrandom both match', () => {
  it('accepts a request signed over its path, sorted query and exact body', async () => {
    expectAccepted(
      await admin.call('/op/v1/userInfo', {
        method: 'GET',
        params: [
          ['b', '2'],
          ['a', '中 文'],
          ['a', '1'],
        ],
      }),
    );
  });

  it('refuses a wrong X-Sign, changing nothing', async () => {
    await refusedSwitch('SIGN_INVALID', { tamper: (r) => (r.headers[HEADER.sign] = 'f'.repeat(32)) });
  });

  it('refuses the right X-Sign in upper-case hex (PROTOCOL.md fixes lower case) as malformed', async () => {
    await refusedSwitch('BAD_REQUEST', { tamper: (r) => (r.headers[HEADER.sign] = r.headers[HEADER.sign].toUpperCase()) });
  });

  it('refuses the right x-vrandom in upper-case hex, changing nothing', async () => {
    await refusedSwitch('SIGN_INVALID', {
      tamper: (r) => (r.url = r.url.replace(/x-vrandom=([0-9a-f]{32})/, (_m, hex: string) => `x-vrandom=${hex.toUpperCase()}`)),
    });
  });

  it('refuses a wrong x-vrandom, changing nothing', async () => {
    await refusedSwitch('SIGN_INVALID', { tamper: (r) => (r.url = r.url.replace(/x-vrandom=[0-9a-f]{32}/, `x-vrandom=${'0'.repeat(32)}`)) });
  });

  it('refuses a request without x-vrandom', async () => {
    await refusedSwitch('SIGN_INVALID', { tamper: (r) => (r.url = r.url.replace(/&?x-vrandom=[0-9a-f]{32}/, '')) });
  });

  it('refuses a body changed after signing, changing nothing', async () => {
    const before = await currentCorp(admin);
    const answer = await switchCorp(admin, before, { tamper: (r) => (r.body = JSON.stringify({ corpId: otherCorp(before) })) });
    expectRefused(answer, 'SIGN_INVALID');
    expect(await currentCorp(admin)).toBe(before);
  });

  it('refuses a query parameter added after signing', async () => {
    await refusedSwitch('SIGN_INVALID', { tamper: (r) => (r.url += '&extra=1') });
  });

  it('refuses an auth token other than the one signed', async () => {
    const other = await signInAs(server.baseUrl, 'op_admin');
    await refusedSwitch('SIGN_INVALID', { tamper: (r) => (r.headers[HEADER.authToken] = other.authToken) });
  });
});

describe('check 5: X-Auth-Token names a live session', () => {
  it('accepts a live session', async () => {
    expectAccepted(await admin.call('/op/v1/userInfo', { method: 'GET' }));
  });

  it('refuses a protected call without a token', async () => {
    expectRefused(await new ApiClient(server.baseUrl).call('/op/v1/userInfo', { method: 'GET' }), 'UNAUTHORIZED');
  });

  it('refuses an unknown token, changing nothing', async () => {
    const stranger = new ApiClient(server.baseUrl);
    Object.assign(stranger, { authToken: 'x'.repeat(43), csrf: admin.csrf, csrfCookie: admin.csrfCookie });
    expectRefused(await switchCorp(stranger, 'CORP-EAST'), 'UNAUTHORIZED');
  });

  it('refuses a logged-out token on every later call', async () => {
    const client = await signInAs(server.baseUrl, 'op_admin');
    expectAccepted(await client.call('/uaa/logout'));
    expectRefused(await client.call('/op/v1/userInfo', { method: 'GET' }), 'UNAUTHORIZED');
    expectRefused(await client.call('/uaa/v1/security/token'), 'UNAUTHORIZED');
    expectRefused(await client.call('/uaa/logout'), 'UNAUTHORIZED');
  });
});

describe('check 6: a state-changing call after login carries the CSRF header and _csrf, both equal to the session token', () => {
  it('accepts matching header and query, and needs neither for GET nor for fetching the token', async () => {
    const before = await currentCorp(admin);
    expectAccepted(await switchCorp(admin, otherCorp(before)));
    expectAccepted(await switchCorp(admin, before));
    expectAccepted(await admin.call('/op/v1/userInfo', { method: 'GET', withoutCsrf: true }));
    expectAccepted(await admin.call('/uaa/v1/security/token', { withoutCsrf: true }));
  });

  const csrfHeader = (r: OutgoingRequest) => Object.keys(r.headers).find((h) => h.toLowerCase() === 'x-xsrf-token')!;
  const setCsrfQuery = (r: OutgoingRequest, value: string | null) => {
    const url = new URL(r.url, 'http://x');
    url.searchParams.delete('_csrf');
    if (value !== null) url.searchParams.append('_csrf', value);
    r.url = `${url.pathname}${url.search}`;
  };

  it.each<[string, (r: OutgoingRequest) => void]>([
    ['no CSRF header', (r) => delete r.headers[csrfHeader(r)]],
    ['a wrong CSRF header', (r) => (r.headers[csrfHeader(r)] = 'wrong-token')],
    ['no _csrf query', (r) => setCsrfQuery(r, null)],
    ['a wrong _csrf query', (r) => setCsrfQuery(r, 'wrong-token')],
    ['neither', (r) => (delete r.headers[csrfHeader(r)], setCsrfQuery(r, null))],
  ])('refuses a corp switch with %s, changing nothing', async (_, tamper) => {
    // _csrf is not signed (PROTOCOL.md §4), so changing it leaves the signature valid.
    await refusedSwitch('CSRF_INVALID', { tamper });
  });

  it('refuses a logout without CSRF, leaving the session alive', async () => {
    expectRefused(await admin.call('/uaa/logout', { withoutCsrf: true }), 'CSRF_INVALID');
    expectAccepted(await admin.call('/op/v1/userInfo', { method: 'GET' }));
  });

  it('refuses a password change without CSRF, leaving the old password working', async () => {
    const handler = await signInAs(server.baseUrl, 'op_handler');
    const answer = await handler.call('/op/v1/staffs/password', {
      withoutCsrf: true,
      json: { originalPassword: handler.encrypt(passwordOf('op_handler')), newPassword: handler.encrypt('Changed@2026!') },
    });
    expectRefused(answer, 'CSRF_INVALID');
    expectAccepted(await handler.call('/op/v1/userInfo', { method: 'GET' }));
    const again = await new ApiClient(server.baseUrl).init();
    expectAccepted(await again.login('op_handler', passwordOf('op_handler')));
  });
});

describe('check 7: the user holds the permission the route requires', () => {
  it('refuses the auditor a config edit (system:config:edit), changing nothing', async () => {
    const auditor = await signInAs(server.baseUrl, 'op_auditor');
    const before = await themeColour(auditor);
    expectRefused(await auditor.call('/test/configs/set-value', { json: { configKey: THEME_KEY, configValue: '#000000' } }), 'FORBIDDEN');
    expect(await themeColour(auditor)).toBe(before);
  });

  it('accepts the admin through the *:*:* wildcard', async () => {
    expectAccepted(await admin.call('/test/configs/set-value', { json: { configKey: THEME_KEY, configValue: '#123456' } }));
    expect(await themeColour(admin)).toBe('#123456');
  });
});

describe('check 8: the body is valid for the route', () => {
  it('answers HTTP 200 VALIDATION_FAILED naming a missing field, changing nothing', async () => {
    const before = await currentCorp(admin);
    const answer = await admin.call('/op/v1/auth/switch/corp', { json: {} });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: { code: 'VALIDATION_FAILED', message: '主体编号不能为空', data: { field: 'corpId', fields: ['corpId'] } },
    });
    expect(await currentCorp(admin)).toBe(before);
  });

  it('names a field of the wrong type', async () => {
    const answer = await admin.call('/op/v1/auth/switch/corp', { json: { corpId: 42 } });
    expect(answer.body).toEqual({ code: 'VALIDATION_FAILED', message: '主体编号必须是文本', data: { field: 'corpId', fields: ['corpId'] } });
  });
});

describe('the checks run in the order of §5', () => {
  it('reports an expired timestamp before a bad signature', async () => {
    await refusedSwitch('TIMESTAMP_EXPIRED', { now: Date.now() - 400_000, tamper: (r) => (r.headers[HEADER.sign] = '0'.repeat(32)) });
  });

  it('reports a replayed nonce before a bad signature', async () => {
    const first = admin.prepare('/op/v1/userInfo', { method: 'GET' });
    expectAccepted(await admin.send(first));
    expectRefused(await admin.send({ ...first, headers: { ...first.headers, [HEADER.sign]: '0'.repeat(32) } }), 'NONCE_REPLAYED');
  });

  it('reports a bad signature before a missing session', async () => {
    expectRefused(await new ApiClient(server.baseUrl).call('/op/v1/userInfo', { tamper: (r) => (r.headers[HEADER.sign] = '0'.repeat(32)) }), 'SIGN_INVALID');
  });

  it('reports a dead session before a missing CSRF token', async () => {
    const client = await signInAs(server.baseUrl, 'op_agent');
    expectAccepted(await client.call('/uaa/logout'));
    expectRefused(await switchCorp(client, 'CORP-HQ', { withoutCsrf: true }), 'UNAUTHORIZED');
  });

  it('reports a missing CSRF token before a missing permission, and a missing permission before an invalid body', async () => {
    const auditor = await signInAs(server.baseUrl, 'op_auditor');
    expectRefused(await auditor.call('/test/configs/set-value', { json: {}, withoutCsrf: true }), 'CSRF_INVALID');
    expectRefused(await auditor.call('/test/configs/set-value', { json: {} }), 'FORBIDDEN');
  });
});
