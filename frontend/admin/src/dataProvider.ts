import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils, HttpError } from 'react-admin';
import { takeAnswer } from './pageData';
import { inConsoleLanguage, serverErrorText } from './lib/serverErrors';
import { inLocalDays } from './lib/localDays';

/** Every admin call goes to /api/admin on the same origin, with the session cookie. */
const API = '/api/admin';

/**
 * ra-data-simple-rest adds a `Range: users=0-49` request header for cross-origin APIs. The API is
 * on this origin and reads the page from the `range` query, and a request carrying `Range` makes
 * the browser ask for an uncompressed answer (Accept-Encoding: identity), so the header is dropped.
 * A GET whose answer the HTML carries (the first screen's, pageData.ts) is not sent. A failure's
 * message is in the console's language (lib/serverErrors.ts).
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const carried = !options.method || options.method === 'GET' ? takeAnswer(url) : undefined;
  if (carried)
    return {
      status: 200,
      headers: new Headers(carried.headers),
      body: JSON.stringify(carried.body),
      json: carried.body,
    };
  const headers = new Headers(options.headers as HeadersInit | undefined);
  headers.delete('Range');
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (error) {
    throw inConsoleLanguage(error);
  }
};

const base = simpleRestProvider(API, httpClient);

/** The editable fields of a user; the server refuses any other key. */
const USER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'uid',
  'sponsorId',
  'isAdmin',
  'isLocked',
  'newsletter',
] as const;

function changedUserFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  const out: Record<string, unknown> = {};
  for (const key of USER_FIELDS) {
    if (!(key in data)) continue;
    let value = data[key];
    if (key === 'sponsorId' && (value === '' || value === undefined)) value = null;
    if (!previous || previous[key] !== value) out[key] = value;
  }
  return out;
}

/** What each content resource may send (the server refuses any other key); '' means none. */
const CONTENT_FIELDS: Record<string, { fields: string[]; nullable: string[] }> = {
  testimonials: { fields: ['name', 'categories', 'link'], nullable: [] },
  'live-calls': {
    fields: [
      'name',
      'description',
      'focusAreas',
      'time',
      'dayOfWeek',
      'weekOfMonth',
      'host',
      'passcode',
      'zoomLink',
      'colorTheme',
    ],
    nullable: ['weekOfMonth', 'host', 'passcode', 'zoomLink'],
  },
  'academy-links': {
    fields: ['advancedAcademyUrl', 'coursePurchaseUrl'],
    nullable: ['advancedAcademyUrl', 'coursePurchaseUrl'],
  },
};

function contentBody(resource: string, data: Record<string, unknown>) {
  const spec = CONTENT_FIELDS[resource];
  const out: Record<string, unknown> = {};
  for (const key of spec.fields) {
    let value = data[key];
    if (typeof value === 'string') value = value.trim();
    if (spec.nullable.includes(key) && (value === '' || value === undefined)) value = null;
    if (key === 'focusAreas') value = ((value as unknown[] | undefined) ?? []).filter(Boolean);
    out[key] = value;
  }
  return out;
}

export type BulkAction = 'lock' | 'unlock' | 'subscribe' | 'unsubscribe';
export interface BulkResult {
  updated: number;
  unchanged: number;
  failed: { id: string; error: string; message: string }[];
}

const post = async <T>(path: string, body: unknown = {}): Promise<T> =>
  (await httpClient(`${API}${path}`, { method: 'POST', body: JSON.stringify(body) })).json as T;

/**
 * ra-data-simple-rest, plus: updates send only the changed editable fields; the user timeline
 * (`user-events`) reads /users/{id}/events; the audit log's date filters are the admin's own days;
 * the admin actions that are not CRUD.
 */
export const dataProvider = {
  ...base,
  async getList(resource, params) {
    if (resource !== 'audit' || !params.filter) return base.getList(resource, params);
    return base.getList(resource, { ...params, filter: inLocalDays(params.filter as object) });
  },
  async update(resource, params) {
    if (resource in CONTENT_FIELDS)
      return base.update(resource, {
        ...params,
        data: contentBody(resource, params.data as Record<string, unknown>),
      });
    if (resource !== 'users') return base.update(resource, params);
    const data = changedUserFields(
      params.data as Record<string, unknown>,
      params.previousData as Record<string, unknown>,
    );
    if (Object.keys(data).length === 0) return { data: params.previousData };
    return base.update(resource, { ...params, data });
  },
  async updateMany(resource, params) {
    if (resource !== 'users') return base.updateMany(resource, params);
    const data = params.data as { isLocked?: boolean; newsletter?: boolean };
    const action: BulkAction =
      data.isLocked !== undefined
        ? data.isLocked
          ? 'lock'
          : 'unlock'
        : data.newsletter
          ? 'subscribe'
          : 'unsubscribe';
    const result = await post<BulkResult>('/users-bulk', { ids: params.ids, action });
    if (result.failed.length && result.updated + result.unchanged === 0)
      throw new HttpError(serverErrorText(result.failed[0].error, result.failed[0].message), 400, result);
    return { data: params.ids.filter((id) => !result.failed.some((f) => f.id === id)) };
  },
  async getManyReference(resource, params) {
    if (resource !== 'user-events') return base.getManyReference(resource, params);
    const { page, perPage } = params.pagination;
    const start = (page - 1) * perPage;
    const query = new URLSearchParams({
      sort: JSON.stringify([params.sort.field, params.sort.order]),
      range: JSON.stringify([start, start + perPage - 1]),
    });
    const { json, headers } = await httpClient(
      `${API}/users/${encodeURIComponent(String(params.id))}/events?${query}`,
    );
    return { data: json, total: Number(headers.get('content-range')?.split('/').pop() ?? json.length) };
  },
  async create(resource, params) {
    if (resource === 'sync-runs') return { data: await post('/sync-runs', {}) };
    if (resource in CONTENT_FIELDS)
      return base.create(resource, {
        ...params,
        data: contentBody(resource, params.data as Record<string, unknown>),
      });
    return base.create(resource, params);
  },
  resetPassword: (id: string, newPassword: string) =>
    post(`/users/${encodeURIComponent(id)}/reset-password`, { newPassword }),
  resetTraining: (id: string) => post(`/users/${encodeURIComponent(id)}/reset-training`, {}),
  bulkUsers: (ids: string[], action: BulkAction) => post<BulkResult>('/users-bulk', { ids, action }),
  getJson: async <T>(path: string): Promise<T> => (await httpClient(`${API}${path}`)).json as T,
} satisfies DataProvider & Record<string, unknown>;

export type AdminDataProvider = typeof dataProvider;
