/**
 * The three global-config calls of spec §7, merged by the browser into one config (spec §3). Every
 * value is a configuration parameter (sys_config), so operators change them on the 参数设置 screen.
 * Any signed-in user may read them: the shell loads them for everyone after sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { CONFIG_KEY } from '../../src/lib/codes';
import { GLOBAL_CONFIG_PATHS, type NavViewConfig, type PlatformConfig, type ProductConfig, type ProductModel } from '../../src/protocol/api-types';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { products, sysConfigs } from '../db/schema';
import { businessError } from '../errors';
import { isPlainObject } from '../validation';
import { route } from './route';

/** The values of the given keys; a key without a row is null ("not configured": the shell keeps its default). */
async function configValues<K extends string>(db: Db, keys: readonly K[]): Promise<Record<K, string | null>> {
  const rows = await db
    .select({ key: sysConfigs.configKey, value: sysConfigs.configValue })
    .from(sysConfigs)
    .where(inArray(sysConfigs.configKey, [...keys]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(keys.map((key) => [key, byKey.get(key) ?? null])) as Record<K, string | null>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The products parameter holds [{prdCode, prdName, prdShortName}], flat so that it is easy to edit;
 * a value that is not such a list is refused naming the parameter, not silently emptied.
 */
export function parseProducts(value: string | null): ProductModel[] {
  if (value === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw businessError('CONFIG_NOT_JSON', 'server:config.notJson', { configKey: CONFIG_KEY.products });
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => isPlainObject(p) && text(p.prdCode))) {
    throw businessError('CONFIG_INVALID', 'server:config.productsInvalid', { configKey: CONFIG_KEY.products });
  }
  return (parsed as Array<Record<string, unknown>>).map((p) => ({
    prdCode: p.prdCode as string,
    extAttrMap: { prdName: text(p.prdName), prdShortName: text(p.prdShortName) },
  }));
}

/** Refuses a value the global-config calls could not read, before it is written. */
export function checkGlobalConfigValue(configKey: unknown, configValue: unknown): void {
  if (configKey === CONFIG_KEY.products && typeof configValue === 'string') parseProducts(configValue);
}

export function platformConfigRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(api, {
    method: 'POST',
    path: GLOBAL_CONFIG_PATHS.platform,
    auth: 'session',
    handler: async (): Promise<PlatformConfig> => {
      const values = await configValues(db, [CONFIG_KEY.themeColor, CONFIG_KEY.opShort]);
      return { themeColor: values[CONFIG_KEY.themeColor], opshort: values[CONFIG_KEY.opShort] };
    },
  });

  route(api, {
    method: 'POST',
    path: GLOBAL_CONFIG_PATHS.products,
    auth: 'session',
    handler: async (): Promise<ProductConfig> => {
      const values = await configValues(db, [CONFIG_KEY.products]);
      const configured = parseProducts(values[CONFIG_KEY.products]);
      // Approved products (a row exists only once its process ended approved) join the configured list.
      const listed = new Set(configured.map((p) => p.prdCode));
      const approved = await db
        .select({ prdCode: products.prdCode, prdName: products.prdName, prdShortName: products.prdShortName })
        .from(products)
        .orderBy(products.prdCode);
      const models = approved
        .filter((p) => !listed.has(p.prdCode))
        .map((p): ProductModel => ({ prdCode: p.prdCode, extAttrMap: { prdName: p.prdName, prdShortName: p.prdShortName } }));
      return { sysPrdModelVOList: [...configured, ...models] };
    },
  });

  route(api, {
    method: 'POST',
    path: GLOBAL_CONFIG_PATHS.navView,
    auth: 'session',
    handler: async (): Promise<NavViewConfig> => {
      const values = await configValues(db, [CONFIG_KEY.logoFileId, CONFIG_KEY.faviconFileId]);
      return { logoFileId: values[CONFIG_KEY.logoFileId], faviconFileId: values[CONFIG_KEY.faviconFileId] };
    },
  });
}
