/**
 * The generic CRUD routes' hooks: beforeWrite gets the record's id and its row as it was, afterWrite
 * the row before and after, both inside the write's transaction (a throw undoes the write).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { configResource } from '../../src/resources/system';
import { crudRoutes, type Row, type WriteEvent, type WriteTarget } from '../../server/crud/routes';
import type { Mode } from '../../server/crud/fields';
import { sysConfigs } from '../../server/db/schema';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';

const BASE = '/op/v1/test/hooked-configs';
const resource = { ...configResource, name: 'hooked-configs', apiBase: BASE };

const before: Array<{ mode: Mode; values: Row; target: Omit<WriteTarget, 'principal'> & { username: string } }> = [];
const after: Array<Omit<WriteEvent, 'principal'> & { username: string; seenInTx?: unknown }> = [];
let failAfterWrite = false;

let srv: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  // Private: it serves resources of its own with hooks.
  srv = await startServer({
    extraRoutes: [
      (api, ctx) =>
        crudRoutes(api, ctx, {
          resource,
          table: sysConfigs,
          hooks: {
            async beforeWrite(_tx, values, mode, { principal, ...target }) {
              before.push({ mode, values: { ...values }, target: { ...target, username: principal.username } });
            },
            async afterWrite(tx, { principal, ...event }) {
              const [seen] = await tx.select({ value: sysConfigs.configValue }).from(sysConfigs).where(eq(sysConfigs.id, event.id));
              after.push({ ...event, username: principal.username, seenInTx: seen?.value });
              if (failAfterWrite) throw new Error('the rule refuses');
            },
          },
        }),
    ],
  });
  admin = await signInAs(srv.baseUrl, 'op_admin');
});
afterAll(() => srv.close());

describe('write hooks', () => {
  it('beforeWrite and afterWrite see the id and the row before and after, in the transaction', async () => {
    const created = await dataOf<Row>(admin, `${BASE}/save`, { configName: '钩子', configKey: 'hook.probe', configValue: 'one', configType: 'N' });
    expect(before.at(-1)).toEqual({ mode: 'create', values: expect.objectContaining({ configValue: 'one' }), target: { username: 'op_admin' } });
    expect(after.at(-1)).toMatchObject({ kind: 'create', id: created.id, after: { configValue: 'one' }, username: 'op_admin', seenInTx: 'one' });
    expect(after.at(-1)!.before).toBeUndefined();

    const updated = await dataOf<Row>(admin, `${BASE}/update-by-id`, { id: created.id, dataVersion: 0, configValue: 'two' });
    expect(before.at(-1)).toMatchObject({
      mode: 'update',
      values: { configValue: 'two' },
      target: { id: created.id, before: { configValue: 'one', dataVersion: 0 } },
    });
    expect(after.at(-1)).toMatchObject({
      kind: 'update',
      id: created.id,
      before: { configValue: 'one' },
      after: { configValue: 'two', dataVersion: 1 },
      seenInTx: 'two',
    });
    expect(updated.dataVersion).toBe(1);

    failAfterWrite = true;
    try {
      const refused = await admin.call(`${BASE}/update-by-id`, { json: { id: created.id, dataVersion: 1, configValue: 'three' } });
      expect(refused.body.code).not.toBe('0');
    } finally {
      failAfterWrite = false;
    }
    expect(await dataOf<Row>(admin, `${BASE}/find-by-id`, { id: created.id })).toMatchObject({ configValue: 'two', dataVersion: 1 });

    // A stale version is refused before any hook runs.
    const hooked = before.length;
    expect(refusalOf(await admin.call(`${BASE}/update-by-id`, { json: { id: created.id, dataVersion: 0, configValue: 'x' } }))).toMatchObject({
      code: 'DATA_VERSION_CONFLICT',
    });
    expect(before).toHaveLength(hooked);

    expect(await dataOf<number>(admin, `${BASE}/remove-by-ids`, { ids: [created.id] })).toBe(1);
    expect(after.at(-1)).toMatchObject({ kind: 'remove', id: created.id, before: { configValue: 'two' }, seenInTx: undefined });
    expect(after.at(-1)!.after).toBeUndefined();
  });
});
