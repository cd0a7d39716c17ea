import {
  HttpError,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyResult,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { ApiError, apiRequest, toQuery } from '../../lib/api';
import { MAX_PAGE_SIZE as MAX_LIMIT } from '../../common/list';
import { apiOf } from '../../common/resources';

/** Fields of a list answer the list result itself carries; every other one (e.g. the mint queue's `counts`, `worker`) goes to `meta`. */
const LIST_ENVELOPE = new Set(['ok', 'success', 'total', 'totalIsEstimate']);

/** Where a resource's API lives and which answer fields hold its list and one record (RESOURCES, src/common/resources.ts). */
function apiFor(resource: string) {
  const api = apiOf(resource);
  if (!api) throw new HttpError(`Unknown resource "${resource}"`, 400, null);
  return api;
}

const base = (resource: string) => `/api/${apiFor(resource).path}`;
const one = (resource: string, id: RaRecord['id']) => `${base(resource)}/${encodeURIComponent(String(id))}`;

type Body = Record<string, unknown>;

/**
 * Runs a request, turning transport errors into react-admin HttpErrors (body.errors feeds form field errors).
 * Unreported: react-admin hands the data provider's failures to authProvider.checkError itself.
 */
async function call(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Body> {
  try {
    return (await apiRequest<Body | null>(path, { ...init, unreported: true })) ?? {};
  } catch (e) {
    if (e instanceof ApiError) {
      const original = e.body && typeof e.body === 'object' ? (e.body as Body) : {};
      throw new HttpError(e.message, e.status, e.fields ? { ...original, errors: e.fields } : original);
    }
    throw e;
  }
}

function pick<T>(body: Body, key: string): T {
  if (!(key in body)) throw new HttpError(`Response is missing "${key}"`, 500, body);
  return body[key] as T;
}

type Primitive = string | number | boolean;
const isPrimitive = (v: unknown): v is Primitive => ['string', 'number', 'boolean'].includes(typeof v);

function filterParams(filter: Record<string, unknown> = {}): Record<string, Primitive> {
  const out: Record<string, Primitive> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (isPrimitive(value)) out[key] = value;
    else if (Array.isArray(value) && value.every(isPrimitive)) out[key] = value.join(',');
  }
  return out;
}

/** A list's filters and sort as its query parameters: what a page asks for, and what its CSV export asks for. */
export const listParams = (filter: Record<string, unknown> | undefined, sort: SortPayload | undefined) => ({
  ...filterParams(filter),
  sort: sort?.field,
  order: sort?.order?.toLowerCase(),
});

/** The server's CSV of a resource's list (GET /api/<path>/export.csv), or undefined for a screen without a record API. */
export const exportPathOf = (resource: string) => {
  const api = apiOf(resource);
  return api && api.csv !== false ? `/api/${api.path}/export.csv` : undefined;
};

export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  async getList<R extends RaRecord = RaRecord>(
    resource: string,
    params: GetListParams & { signal?: AbortSignal },
  ): Promise<GetListResult<R>> {
    const { list, query: fixed } = apiFor(resource);
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const limit = Math.min(perPage, MAX_LIMIT);
    const query = toQuery({ ...fixed, ...listParams(params.filter, params.sort), limit, offset: (page - 1) * perPage });
    const body = await call(`${base(resource)}${query}`, { signal: params.signal });
    const data = pick<R[]>(body, list);
    const totalIsEstimate = body.totalIsEstimate === true;
    const total = typeof body.total === 'number' ? body.total : undefined;
    const extras = Object.fromEntries(Object.entries(body).filter(([key]) => key !== list && !LIST_ENVELOPE.has(key)));
    return {
      data,
      ...(total === undefined ? {} : { total }),
      pageInfo: total === undefined ? { hasNextPage: data.length === limit, hasPreviousPage: page > 1 } : undefined,
      meta: { ...extras, totalIsEstimate },
    };
  },

  async getOne(resource, params) {
    const body = await call(one(resource, params.id), { signal: params.signal });
    return { data: pick(body, apiFor(resource).one) };
  },

  async getMany<R extends RaRecord = RaRecord>(
    resource: string,
    params: GetManyParams<R> & { signal?: AbortSignal },
  ): Promise<GetManyResult<R>> {
    const data = await Promise.all(
      params.ids.map(async (id) =>
        pick<R>(await call(one(resource, id), { signal: params.signal }), apiFor(resource).one),
      ),
    );
    return { data };
  },

  async getManyReference(resource, params) {
    return dataProvider.getList(resource, {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    });
  },

  async create(resource, params) {
    const body = await call(base(resource), { method: 'POST', body: params.data });
    return { data: pick(body, apiFor(resource).one) };
  },

  // The version the form was opened on (its updatedAt, RecordEdit holds it) goes as If-Match: a server that checks it
  // refuses a record changed since (412) instead of overwriting it; one that does not ignores the header.
  async update(resource, params) {
    const version = (params.data as { updatedAt?: unknown } | undefined)?.updatedAt;
    const headers = typeof version === 'string' ? { 'If-Match': `"${version}"` } : undefined;
    const body = await call(one(resource, params.id), { method: 'PUT', body: params.data, headers });
    return { data: pick(body, apiFor(resource).one) };
  },

  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => call(one(resource, id), { method: 'PUT', body: params.data })));
    return { data: params.ids };
  },

  async delete(resource, params) {
    const body = await call(one(resource, params.id), { method: 'DELETE' });
    const key = apiFor(resource).one;
    return { data: (key in body ? body[key] : (params.previousData ?? { id: params.id })) as never };
  },

  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => call(one(resource, id), { method: 'DELETE' })));
    return { data: params.ids };
  },
};

export default dataProvider;
