/**
 * The one registry of resource declarations. The data provider, the access-control provider and the
 * auditor's matrix find a resource here by its Refine name; adding a resource is one line below.
 */
import type { AnyResource } from '../crud/resource';
import { operationLogResource } from './operation-log';
import { loginLogResource } from './login-log';
import { onlineSessionResource } from './online-session';
import { CORP_CHANGE_RESOURCES } from '../features/corporations/changes';
import { CORPORATION_RESOURCES } from '../features/corporations/resources';
import { PRODUCT_RESOURCES } from '../features/products/resources';
import { CONTENT_RESOURCES } from '../features/content/resources';
import { realnameResource } from '../features/realname/resources';
import { SYSTEM_RESOURCES } from './system';

export const RESOURCES: readonly AnyResource[] = [...SYSTEM_RESOURCES, ...CONTENT_RESOURCES, realnameResource, ...CORPORATION_RESOURCES, ...CORP_CHANGE_RESOURCES, ...PRODUCT_RESOURCES, operationLogResource, loginLogResource, onlineSessionResource];

const byName = new Map(RESOURCES.map((resource) => [resource.name, resource]));

export function findResource(name: string | undefined): AnyResource | undefined {
  return name === undefined ? undefined : byName.get(name);
}

/** The declaration of a resource name; an unknown name is a programming error. */
export function resourceByName(name: string): AnyResource {
  const resource = byName.get(name);
  if (!resource) throw new Error(`Unknown resource "${name}": declare it in src/resources and list it in src/resources/index.ts`);
  return resource;
}
