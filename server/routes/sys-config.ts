/** System configuration parameters (spec §7). */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { sysConfigs } from '../db/schema';
import { z } from 'zod';
import { text } from '../input/fields';
import { route } from './route';

const configKeyBody = z.object({ configKey: text('server:input.fields.configKey', 100) });

export function sysConfigRoutes(api: FastifyInstance, ctx: AppContext): void {
  // Every signed-in screen reads settings such as the download type, so no permission beyond a session.
  route(api, {
    method: 'POST',
    path: '/op/v1/sys/configs/find-value-by-config-key',
    auth: 'session',
    body: configKeyBody,
    handler: async ({ body }) => {
      const [row] = await ctx.db.select({ value: sysConfigs.configValue }).from(sysConfigs).where(eq(sysConfigs.configKey, body.configKey));
      return row?.value ?? null;
    },
  });
}
