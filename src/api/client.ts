// The one HTTP client (SPEC §7/§8): base /api/v1, 12 s timeout, bearer token from storage,
// JSON, credentials. Every failure becomes an ApiError carrying { errors: { field: [CODE] } }.
import type { HTTPError, KyInstance, Options, TimeoutError } from 'ky';
import { API_PREFIX, REQUEST_TIMEOUT_MS, TOAST_MAINTENANCE_MS } from '../shared/constants.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { getItem, removeItem } from '../state/storage.ts';
import { app } from '../state/app.ts';
import { showToast } from '../state/toast.ts';
import { navigate, currentPath } from '../shell/navigation.ts';
import { redirectsOn401, loginUrl } from '../router/unauthorized.ts';
import { ApiError, errorFromResponse, requestFailed, setupFailed } from './errors.ts';

type Ky = { http: KyInstance; HTTPError: typeof HTTPError; TimeoutError: typeof TimeoutError };
let client: Promise<Ky> | null = null;

// ky loads beside the screen, not before it: no screen needs it to paint, and every request starts
// after the first render (issue 12 §2, the solve screen's first load). Its download starts as soon
// as this module runs; a failed load (offline before the service worker kept it) is tried again
// by the next request.
function kyClient(): Promise<Ky> {
  client ??= import('ky').then(
    ({ default: ky, HTTPError, TimeoutError }) => ({ http: createHttp(ky), HTTPError, TimeoutError }),
    (err: unknown) => {
      client = null;
      throw err;
    },
  );
  return client;
}

if (typeof window !== 'undefined') void kyClient().catch(() => undefined);

const createHttp = (ky: { create: (options: Options) => KyInstance }) =>
  ky.create({
    prefixUrl: API_PREFIX,
    timeout: REQUEST_TIMEOUT_MS,
    credentials: 'include',
    retry: 0,
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          // A caller may pin the token (the outbox sends an owner's entries only with that owner's token).
          const token = getItem(STORAGE.token);
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          // 503 is maintenance only when the body says so; a backing service away for a moment
          // (FORM_SERVICE_UNAVAILABLE, with Retry-After) is an ordinary failed request the caller retries.
          if (response.status === 503) void maintenanceAnswer(response).then((yes) => yes && onMaintenance());
          else if (response.status === 401) onUnauthorized();
          else if (response.ok) onSuccess(new URL(request.url).pathname);
        },
      ],
    },
  });

async function maintenanceAnswer(response: Response): Promise<boolean> {
  try {
    const data = (await response.clone().json()) as { errors?: { general?: string[] } };
    return data.errors?.general?.[0] === 'MAINTENANCE_MODE';
  } catch {
    return true; // a 503 without our body: a proxy in front says the server is away
  }
}

type SuccessListener = (path: string) => void;
const successListeners = new Set<SuccessListener>();

/**
 * Called after every successful (2xx) API answer: the server is reachable again, so the outbox
 * retries at once (throttled by the listener) instead of waiting for its backoff. Returns the cleanup.
 */
export function onApiSuccess(listener: SuccessListener): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

function onSuccess(path: string): void {
  // Any normal answer means maintenance is over: screens that need the server come back without a reload.
  if (app.maintenance) app.maintenance = false;
  for (const listener of successListeners) {
    try {
      listener(path);
    } catch {
      /* a listener must not break the request */
    }
  }
}

/** While maintenance is on, ask the server every ~20 s (with jitter) whether it is back. */
export const MAINTENANCE_POLL_MS = 20_000;
let maintenancePoll: ReturnType<typeof setTimeout> | null = null;

function pollMaintenance(): void {
  if (maintenancePoll || typeof window === 'undefined') return;
  maintenancePoll = setTimeout(
    () => {
      maintenancePoll = null;
      // A 2xx answer clears app.maintenance (onSuccess) and wakes the outbox; a 503 keeps polling.
      void kyClient()
        .then(({ http }) => http.get('health'))
        .catch(() => undefined)
        .finally(() => {
          if (app.maintenance) pollMaintenance();
        });
    },
    MAINTENANCE_POLL_MS * (0.75 + Math.random() * 0.5),
  );
}

function onMaintenance(): void {
  pollMaintenance();
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
  const ky = await client?.catch(() => null);
  if (ky && err instanceof ky.HTTPError) return errorFromResponse(err.response);
  // No answer: the network failed (TypeError, also a client that could not load) or timed out.
  if ((ky && err instanceof ky.TimeoutError) || err instanceof TypeError) return requestFailed();
  return setupFailed();
}

/** Runs a request and parses JSON; throws ApiError on any failure. */
export async function request<T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, options: Options = {}): Promise<T> {
  try {
    const { http } = await kyClient();
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

/** A JSON answer as its bytes, unparsed: a downloaded part is parsed where it is stored (a worker, issue 30 §2). */
export async function requestBytes(path: string, options: Options = {}): Promise<ArrayBuffer> {
  try {
    const { http } = await kyClient();
    const res = await http(path.replace(/^\//, ''), { method: 'get', ...options });
    return await res.arrayBuffer();
  } catch (err) {
    throw await toApiError(err);
  }
}

/** A file the API answers (an invoice PDF): same token, timeout and errors as every request. */
export async function requestBlob(path: string): Promise<Blob> {
  try {
    const { http } = await kyClient();
    const res = await http(path.replace(/^\//, ''), { method: 'get', headers: { Accept: '*/*' } });
    return await res.blob();
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
