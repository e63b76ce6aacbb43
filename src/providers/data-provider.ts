/**
 * Refine's data provider over the CRUD convention of PROTOCOL.md §7: every call goes through the one
 * signed HTTP client, to the declaration's api base. Filters become flat fields (a range becomes
 * `${field}Start` / `${field}End`), sorters become orderBy, and an update carries the dataVersion it
 * was read at, so the server can refuse a lost update. Errors keep the catalogue's words.
 */
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, GetListParams, GetListResponse, HttpError, OpenNotificationParams } from '@refinedev/core';
import { API_BASE, MAX_PAGE_SIZE } from '../protocol';
import { resourceByName } from '../resources';
import { api, ApiError } from './http';
import { openRevealed, sensitiveOutgoing } from './sensitive-values';

export interface PageAnswer<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** The server counted the matches only up to LIST_TOTAL_BOUND: `total` is a floor (the pager says "10,000+"). */
  totalBounded?: boolean;
}

type Body = Record<string, unknown>;

const given = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Refine's filters as the page call's flat fields. */
export function filtersToBody(filters: readonly CrudFilter[] | undefined): Body {
  const body: Body = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter) || !given(filter.value)) continue;
    const { field, operator, value } = filter;
    if (operator === 'between' && Array.isArray(value)) {
      const [start, end] = value as unknown[];
      if (given(start)) body[`${field}Start`] = start;
      if (given(end)) body[`${field}End`] = end;
    } else if (operator === 'gte') {
      body[`${field}Start`] = value;
    } else if (operator === 'lte') {
      body[`${field}End`] = value;
    } else {
      body[field] = value;
    }
  }
  return body;
}

export function sortersToOrderBy(sorters: readonly CrudSort[] | undefined): Array<{ field: string; order: 'asc' | 'desc' }> {
  return (sorters ?? []).filter((s) => s.order === 'asc' || s.order === 'desc').map(({ field, order }) => ({ field, order }));
}

/** An ApiError as Refine's HttpError: the message is already the catalogue's (or the server's) words. */
function toHttpError(error: unknown): HttpError & { kind?: string; code?: string } {
  if (error instanceof ApiError) {
    // A refusal about one field (data.field: DUPLICATE, VALIDATION_FAILED) goes under that field of
    // the open form: Refine's useForm sets HttpError.errors on the antd form.
    const field = (error.data as { field?: unknown } | null | undefined)?.field;
    if (typeof field === 'string') return Object.assign(error, { errors: { [field]: [error.message] } }) as ApiError & HttpError;
    // ApiError already carries Refine's statusCode (a getter over its status).
    return error as ApiError & HttpError;
  }
  return { message: error instanceof Error ? error.message : String(error), statusCode: 0 };
}

interface CallOptions {
  signal?: AbortSignal;
  method?: 'get' | 'post';
  params?: Record<string, unknown>;
}

async function call<T>(url: string, body: unknown, { signal, method = 'post', params }: CallOptions = {}): Promise<T> {
  // Refine's notification shows the message; the client must not show it a second time.
  const options = { silent: true, signal, params };
  try {
    return await (method === 'get' ? api.get<T>(url, options) : api.post<T>(url, body, options));
  } catch (error) {
    throw toHttpError(error);
  }
}

const baseOf = (resource: string) => resourceByName(resource).apiBase;

export type ListParams = Pick<GetListParams, 'resource' | 'pagination' | 'sorters' | 'filters'>;

/** The page call getList makes for these parameters: its URL and its body. */
function pageCall({ resource, pagination, sorters, filters }: ListParams): { url: string; body: Body } {
  // Unpaged lists (Refine's useSelect) ask for the largest page the protocol allows.
  const unpaged = pagination?.mode === 'off';
  const currentPage = unpaged ? 1 : (pagination?.currentPage ?? 1);
  const pageSize = unpaged ? MAX_PAGE_SIZE : (pagination?.pageSize ?? 10);
  const body: Body = { ...filtersToBody(filters), pageNum: currentPage, pageSize };
  const orderBy = sortersToOrderBy(sorters);
  if (orderBy.length) body.orderBy = orderBy;
  return { url: `${baseOf(resource)}/page`, body };
}

/** The page call's body for these parameters, as sent: a seeded list compares the page it shows with its seed's. */
export const pageCallBody = (params: ListParams): string => JSON.stringify(pageCall(params).body);

/**
 * What getList would answer for these parameters, when that very page call was asked for early and
 * its answer is already here (api.ready): a list's first render can show its rows at once.
 */
export function readyList<T = BaseRecord>(params: ListParams): GetListResponse<T> | undefined {
  const { url, body } = pageCall(params);
  const page = api.ready<PageAnswer<T>>(url, body);
  return page ? { data: page.records, total: page.total, totalBounded: page.totalBounded } : undefined;
}

const signalOf = (meta: Record<string, unknown> | undefined) => meta?.signal as AbortSignal | undefined;

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const { url, body } = pageCall({ resource, pagination, sorters, filters });
    const page = await call<PageAnswer<never>>(url, body, { signal: signalOf(meta) });
    return { data: page.records, total: page.total, totalBounded: page.totalBounded };
  },

  async getOne({ resource, id, meta }) {
    return { data: openRevealed(await call(`${baseOf(resource)}/find-by-id`, { id: String(id) }, { signal: signalOf(meta) })) };
  },

  async getMany({ resource, ids, meta }) {
    const data = await Promise.all(ids.map((id) => call<BaseRecord>(`${baseOf(resource)}/find-by-id`, { id: String(id) }, { signal: signalOf(meta) })));
    return { data: data as never[] };
  },

  async create({ resource, variables }) {
    return { data: await call(`${baseOf(resource)}/save`, await sensitiveOutgoing(resourceByName(resource), variables as Body)) };
  },

  async update({ resource, id, variables }) {
    // The form carries dataVersion (read with the record) in its variables.
    return {
      data: await call(`${baseOf(resource)}/update-by-id`, { ...(await sensitiveOutgoing(resourceByName(resource), variables as Body)), id: String(id) }),
    };
  },

  async deleteOne({ resource, id }) {
    await call<number>(`${baseOf(resource)}/remove-by-ids`, { ids: [String(id)] });
    return { data: { id } as never };
  },

  async deleteMany({ resource, ids }) {
    await call<number>(`${baseOf(resource)}/remove-by-ids`, { ids: ids.map(String) });
    return { data: ids.map((id) => ({ id })) as never[] };
  },

  async custom({ url, method, payload, query, filters, sorters, meta }) {
    const body: Body = { ...filtersToBody(filters), ...(payload as Body | undefined) };
    const orderBy = sortersToOrderBy(sorters);
    if (orderBy.length) body.orderBy = orderBy;
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    const data = await call<never>(path, body, {
      signal: signalOf(meta),
      method: method === 'get' ? 'get' : 'post',
      params: query as Record<string, unknown> | undefined,
    });
    return { data };
  },
};

/**
 * How a failed call is told: in the catalogue's words, and not at all when it was cancelled by a
 * route change (spec 2.1: 当前请求已被取消 is no error toast). Kit hooks pass it as errorNotification.
 */
export function errorNotification(error: unknown): false | OpenNotificationParams {
  const kind = (error as { kind?: string } | undefined)?.kind;
  if (kind === 'cancelled') return false;
  return { type: 'error', message: (error as { message?: string } | undefined)?.message ?? '', key: 'api-error' };
}
