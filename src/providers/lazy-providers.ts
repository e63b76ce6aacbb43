/**
 * Refine's data and access-control providers as Refine first sees them: each call loads the real
 * provider (and the resource declarations it reads) on first use, so screens without a resource,
 * the home page first of all, do not carry them in their first load.
 */
import type { AccessControlProvider, DataProvider } from '@refinedev/core';
import { API_BASE } from '../protocol';

const real = () => import('./data-provider').then((m) => m.dataProvider);

type Method = Exclude<keyof DataProvider, 'getApiUrl'>;
const forward =
  <M extends Method>(method: M) =>
  async (params: unknown) => {
    const provider = await real();
    const call = provider[method] as ((p: unknown) => Promise<unknown>) | undefined;
    if (!call) throw new Error(`The data provider has no ${method}`);
    return call(params);
  };

export const dataProvider = {
  getApiUrl: () => API_BASE,
  getList: forward('getList'),
  getOne: forward('getOne'),
  getMany: forward('getMany'),
  create: forward('create'),
  update: forward('update'),
  deleteOne: forward('deleteOne'),
  deleteMany: forward('deleteMany'),
  custom: forward('custom'),
} as unknown as DataProvider;

export const accessControlProvider: AccessControlProvider = {
  can: async (params) => (await import('./access-control')).accessControlProvider.can(params),
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
