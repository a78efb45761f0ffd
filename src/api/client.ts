// The one HTTP client (SPEC §7/§8): base /api/v1, 12 s timeout, bearer token from storage,
// JSON, credentials. Every failure becomes an ApiError carrying { errors: { field: [CODE] } }.
import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import { API_PREFIX, REQUEST_TIMEOUT_MS, TOAST_MAINTENANCE_MS } from '../shared/constants.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { getItem, removeItem } from '../state/storage.ts';
import { app } from '../state/app.ts';
import { showToast } from '../state/toast.ts';
import { navigate, currentPath } from '../shell/navigation.ts';
import { redirectsOn401, loginUrl } from '../router/unauthorized.ts';
import { ApiError, errorFromResponse, requestFailed, setupFailed } from './errors.ts';

export const http = ky.create({
  prefixUrl: API_PREFIX,
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'include',
  retry: 0,
  headers: { Accept: 'application/json' },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getItem(STORAGE.token);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (_request, _options, response) => {
        if (response.status === 503) onMaintenance();
        if (response.status === 401) onUnauthorized();
      },
    ],
  },
});

function onMaintenance(): void {
  if (app.maintenance) return;
  app.maintenance = true;
  showToast('MAINTENANCE_MODE', 'warning', TOAST_MAINTENANCE_MS);
}

/** SPEC §4: drop the token and the profile flag; protected areas go to login with a redirect. */
export function onUnauthorized(): void {
  removeItem(STORAGE.token);
  removeItem(STORAGE.profileCompleted);
  app.user = null;
  const path = currentPath();
  if (redirectsOn401(path)) navigate(loginUrl(path, window.location.search), { replace: true });
}

async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPError) return errorFromResponse(err.response);
  if (err instanceof TimeoutError || err instanceof TypeError) return requestFailed();
  return setupFailed();
}

/** Runs a request and parses JSON; throws ApiError on any failure. */
export async function request<T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, options: Options = {}): Promise<T> {
  try {
    const res = await http(path.replace(/^\//, ''), { method, ...options });
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(res.status, { errors: { general: ['FORM_UNEXPECTED_SERVER_RESPONSE'] } });
    }
  } catch (err) {
    throw await toApiError(err);
  }
}

export const api = {
  get: <T>(path: string, searchParams?: Options['searchParams']) => request<T>('get', path, { searchParams }),
  post: <T>(path: string, json?: unknown) => request<T>('post', path, json === undefined ? {} : { json }),
  put: <T>(path: string, json?: unknown) => request<T>('put', path, { json }),
  patch: <T>(path: string, json?: unknown) => request<T>('patch', path, { json }),
  delete: <T>(path: string) => request<T>('delete', path),
  upload: <T>(path: string, body: FormData, method: 'post' | 'put' = 'post') => request<T>(method, path, { body }),
};
