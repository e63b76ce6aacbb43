/**
 * Issue 23: the classes of input that answered 500 (NUL and lone surrogates in text, integers beyond
 * their column, duplicates of a unique index) are refused in one place, before any handler; the
 * server's error codes all have their messages in both locales; a session that must change its
 * initial password can do nothing else; records not found are business answers; every answer
 * carries the browser hardening headers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIQUE_INDEXES, INTEGER_FIELDS } from '../../server/db/schema-facts';
import { API_POLICY, inlineScriptHashes } from '../../server/security/headers';
import { checkInput, InputRefused, MAX_BODY_DEPTH } from '../../server/security/input-gate';
import { ApiClient, signInAs, type ApiResponse } from './client';
import { lookup, serverCatalogue } from './error-catalogue';
import { captureLog, startServer, type TestServer } from './server';

const DATAS = '/op/v1/sys/dict-datas';
const CONFIGS = '/op/v1/sys/configs';
const NUL = String.fromCharCode(0);

let srv: TestServer;
let admin: ApiClient;
let distDir: string;
const log = captureLog();

const INLINE = "(function(){document.title='x'})();";

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-csp-'));
  writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>app</title><script>${INLINE}</script><script type="module" src="/assets/a.js"></script>`);
  // Private: it serves a dist folder of its own and reads its server's log.
  srv = await startServer({ staticDir: distDir, logger: { level: 'info', stream: log.stream } });
  admin = await signInAs(srv.baseUrl, 'op_admin');
});
afterAll(async () => {
  await srv.close();
  rmSync(distDir, { recursive: true, force: true });
});

const refusal = (answer: ApiResponse) => ({ status: answer.status, code: answer.body.code, message: answer.body.message, data: answer.body.data });

describe('the error catalogue', () => {
  it('has a message in zh-CN and en-US for every code the server can raise and every key it names', () => {
    const { codes, keys } = serverCatalogue();
    expect(codes.size).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const [code, codeKeys] of codes) {
      for (const key of codeKeys) for (const locale of ['zh-CN', 'en-US']) if (lookup(locale, key) === undefined) missing.push(`${code} ${locale} ${key}`);
    }
    for (const key of keys) for (const locale of ['zh-CN', 'en-US']) if (lookup(locale, key) === undefined) missing.push(`${locale} ${key}`);
    expect(missing).toEqual([]);
  });

  it('labels every field of every unique index of the schema in both locales', () => {
    const fields = new Set([...UNIQUE_INDEXES.values()].flatMap((index) => index.fields));
    expect(fields.has('dictValue')).toBe(true);
    for (const field of fields)
      for (const locale of ['zh-CN', 'en-US']) expect(lookup(locale, `server:input.fields.${field}`), `${locale} ${field}`).toBeTypeOf('string');
  });
});

describe('the input gate', () => {
  it('reads the integer columns from the schema: dataVersion is 32-bit', () => {
    expect(INTEGER_FIELDS.get('dataVersion')).toEqual({ min: -2_147_483_648, max: 2_147_483_647 });
    expect(() => checkInput({ dataVersion: 2_147_483_647 })).not.toThrow();
    // A key the schemas label is named by its words (数据版本); one they do not, by its path as sent.
    expect(() => checkInput({ dataVersion: 2_147_483_648 })).toThrow(/^数据版本：必须是 -2147483648 到 2147483647 之间的整数$/);
    expect(() => checkInput({ list: [{ dictSort: -2_147_483_649 }] })).toThrow(/list\[0\]\.dictSort/);
    expect(() => checkInput({ dataVersion: '99999999999' })).toThrow(/数据版本/);
    expect(() => checkInput({ dataVersion: 1.5 })).toThrow(/^数据版本必须是整数$/);
    expect(() => checkInput({ list: [{ dictSort: 1.5 }] })).toThrow(/^list\[0\]\.dictSort：必须是整数$/);
  });

  it('keeps the path of a refused integer for the form, whatever words the message uses', () => {
    const refusedAt = (body: unknown) => {
      try {
        checkInput(body);
      } catch (error) {
        return (error as InputRefused).fields;
      }
      return undefined;
    };
    expect(refusedAt({ rows: { dataVersion: 1.5 } })).toEqual(['rows.dataVersion']);
  });

  it('refuses NUL and lone surrogates in values and keys, anywhere, and keeps paired surrogates', () => {
    expect(() => checkInput({ a: { b: [`x${NUL}`] } })).toThrow(/a\.b\[0\]/);
    expect(() => checkInput({ [`k${NUL}`]: 1 })).toThrow(/k/);
    expect(() => checkInput({ remark: 'a\uD800b' })).toThrow(/remark/);
    expect(() => checkInput({ remark: '\uDC00' })).toThrow(/remark/);
    expect(() => checkInput({ remark: '😀 中文' })).not.toThrow();
  });

  it('refuses nesting beyond its limit without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => checkInput(deep)).toThrow(String(MAX_BODY_DEPTH));
  });

  it('answers a NUL in /uaa/login VALIDATION_FAILED naming the field, with one info line and no stack', async () => {
    const before = log.text().length;
    const answer = await new ApiClient(srv.baseUrl).call('/uaa/login', { json: { username: `op_admin${NUL}`, password: 'x' } });
    expect(refusal(answer)).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: 'username：不能包含空字符（\\u0000）',
      data: { field: 'username', fields: ['username'] },
    });
    const lines = log
      .text()
      .slice(before)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; stack?: unknown; err?: unknown });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request refused' });
    expect(JSON.stringify(lines[0])).not.toMatch(/stack|hunter|password/i);
  });

  it('answers dataVersion 2147483648 on update-by-id VALIDATION_FAILED and changes nothing', async () => {
    const page = await admin.call<{ records: Array<{ id: string; configValue: string; dataVersion: number }> }>(`${CONFIGS}/page`, {
      json: { pageNum: 1, pageSize: 1 },
    });
    const row = page.body.data!.records[0];
    const answer = await admin.call(`${CONFIGS}/update-by-id`, { json: { ...row, configValue: 'changed', dataVersion: 2_147_483_648 } });
    expect(refusal(answer)).toMatchObject({ status: 200, code: 'VALIDATION_FAILED', data: { fields: ['dataVersion'] } });
    expect(answer.body.message).toContain('2147483647');
    const again = await admin.call<{ configValue: string; dataVersion: number }>(`${CONFIGS}/find-by-id`, { json: { id: row.id } });
    expect(again.body.data).toMatchObject({ configValue: row.configValue, dataVersion: row.dataVersion });
  });
});

describe('duplicates of a unique index', () => {
  const yes = { dictType: 'sys_yes_no', dictLabel: '是', dictValue: 'Y', dictSort: 9, status: '0' };

  it('answer DUPLICATE naming the fields of the index, also when the declaration does not know it', async () => {
    expect(refusal(await admin.call(`${DATAS}/save`, { json: yes }))).toEqual({
      status: 200,
      code: 'DUPLICATE',
      message: '字典类型、字典键值已存在，不能重复',
      data: { field: 'dictType', fields: ['dictType', 'dictValue'] },
    });
  });

  it('give one success and only DUPLICATE to 20 concurrent creates of one value', async () => {
    const value = { ...yes, dictValue: `C${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.call(`${DATAS}/save`, { json: value })));
    const codes = answers.map((a) => a.body.code).sort();
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(codes.filter((c) => c === '0')).toHaveLength(1);
    expect(codes.filter((c) => c === 'DUPLICATE')).toHaveLength(19);
  });
});

describe('business refusals', () => {
  it('answer a missing record as a business answer (HTTP 200, NOT_FOUND, its message), unknown routes 404', async () => {
    expect(refusal(await admin.call('/op/v1/workflow/tasks/find-by-id', { json: { taskId: 'unknown' } }))).toMatchObject({
      status: 200,
      code: 'NOT_FOUND',
      message: '任务不存在',
    });
    expect(refusal(await admin.call('/op/v1/no/such/call', { json: {} }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('a session that must change its initial password', () => {
  it('may read user info and its menu tree, ask whether it must change, and log out; nothing else', async () => {
    const newbie = await signInAs(srv.baseUrl, 'op_newbie');
    expect((await newbie.call('/op/v1/userInfo', { method: 'GET' })).body.code).toBe('0');
    expect((await newbie.call('/op/v1/userInfo/granted-menu-tree')).body.code).toBe('0');
    expect((await newbie.call<{ required: boolean }>('/op/v1/init-passwords/modify/verify')).body.data).toEqual({ required: true });
    for (const path of ['/op/v1/workflow/tasks/pending-count', `${CONFIGS}/page`, '/op/v1/sys/tools/load-platform-config', '/op/v1/auth/switch/corp']) {
      expect(refusal(await newbie.call(path, { json: {} })), path).toMatchObject({
        status: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: '请先修改初始密码',
      });
    }
    // The change itself is reachable: a wrong original password is its own business answer.
    const change = await newbie.call('/op/v1/staffs/password', {
      json: { originalPassword: newbie.encrypt('Wrong@2026!'), newPassword: newbie.encrypt('Better@2026!') },
    });
    expect(change.body.code).toBe('PASSWORD_MISMATCH');
    expect((await newbie.call('/uaa/logout')).body.code).toBe('0');
  });
});

describe('browser hardening headers', () => {
  it('the API forbids everything and framing, and sends no referrer', async () => {
    const answer = await admin.call('/op/v1/userInfo', { method: 'GET' });
    expect(answer.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the app allows only its own scripts and the inline ones of index.html by hash, and no framing', async () => {
    const answer = await fetch(`${srv.baseUrl}/op/system/config`);
    const policy = answer.headers.get('content-security-policy')!;
    const [hash] = inlineScriptHashes(await answer.text());
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(policy).toContain(`script-src 'self' ${hash}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a file preview is sandboxed and loads nothing', async () => {
    const answer = await fetch(`${srv.baseUrl}/api/web/op/v1/files/none/preview?grant=x`);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
  });
});
