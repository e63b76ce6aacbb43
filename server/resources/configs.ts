/**
 * Configuration parameters (spec §7 /op/v1/sys/configs): the generic CRUD calls (built-in 'Y'
 * parameters cannot be removed), plus look-ups and a value update by key.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { configResource } from '../../src/resources/system';
import type { AppContext } from '../context';
import { readInput } from '../crud/fields';
import { crudRoutes } from '../crud/routes';
import { sysConfigs } from '../db/schema';
import { businessError } from '../errors';
import { checkGlobalConfigValue } from '../routes/platform-config';
import { route } from '../routes/route';
import { z } from 'zod';
import { text } from '../input/fields';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';

const BUILT_IN = 'Y';
const base = configResource.apiBase;
const configKey = text('server:input.fields.configKey', 100);
const configKeyBody = z.object({ configKey });
const updateValueBody = z.object({ configKey, configValue: text('server:bodySchema.fields.configValue', 2000) });

export function configRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: configResource,
    table: sysConfigs,
    hooks: {
      // Forms send the whole record back, so an edit of the value carries its key.
      async beforeWrite(_tx, values) {
        checkGlobalConfigValue(values.configKey, values.configValue);
      },
      async beforeRemove(_tx, rows) {
        const builtIn = rows.find((r) => r.configType === BUILT_IN);
        if (builtIn) throw businessError('CONFIG_BUILT_IN', 'server:config.builtInRemove', { configKey: String(builtIn.configKey) });
      },
    },
  });

  const byKey = async (configKey: string) => {
    const [row] = await ctx.db.select().from(sysConfigs).where(eq(sysConfigs.configKey, configKey));
    if (!row) throw businessError('NOT_FOUND', 'server:config.notFound', { configKey });
    return row;
  };

  route(api, {
    method: 'POST',
    path: `${base}/find-by-config-key`,
    auth: 'session',
    permission: configResource.permissions.query,
    body: configKeyBody,
    handler: ({ body }) => byKey(body.configKey),
  });

  // Screens read settings such as the theme as JSON, so a session is enough, like find-value-by-config-key.
  route(api, {
    method: 'POST',
    path: `${base}/common/find-value-json-by-config-key`,
    auth: 'session',
    body: configKeyBody,
    handler: async ({ body }) => {
      const { configValue } = await byKey(body.configKey);
      try {
        return JSON.parse(configValue) as unknown;
      } catch {
        throw businessError('CONFIG_NOT_JSON', 'server:config.notJson', { configKey: body.configKey });
      }
    },
  });

  route(api, {
    method: 'POST',
    path: `${base}/update-value-by-config-key`,
    auth: 'session',
    permission: configResource.permissions.edit,
    body: updateValueBody,
    handler: async ({ body, principal }) => {
      // The value passes the same field rules (maxLength) as update-by-id.
      const { configValue } = readInput(configResource, { configValue: body.configValue }, 'update');
      checkGlobalConfigValue(body.configKey, configValue);
      return ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(sysConfigs).where(eq(sysConfigs.configKey, body.configKey)).for('update');
        if (!before) throw businessError('NOT_FOUND', 'server:config.notFound', { configKey: body.configKey });
        const [row] = await tx
          .update(sysConfigs)
          .set({ configValue: String(configValue), dataVersion: sql`${sysConfigs.dataVersion} + 1`, updateTime: new Date(), updateBy: principal.username })
          .where(eq(sysConfigs.configKey, body.configKey))
          .returning();
        await recordChange(tx, principal, { resource: configResource.name, recordId: row.id, action: OPERATION_ACTION.update, before, after: row });
        return row;
      });
    },
  });
}
