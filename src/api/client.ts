// The one HTTP client (SPEC §7/§8): base /api/v1, 12 s timeout, bearer token from storage,
// JSON, credentials. Every failure becomes an ApiError carrying { errors: { field: [CODE] } }.
// Plain fetch: the transport is this file, and every screen loads it right after the first paint
// (a client library cost 4.5 KB gzip on every first load, issue 12 §2).
import { API_PREFIX, REQUEST_TIMEOUT_MS, TOAST_MAINTENANCE_MS } from '../shared/constants.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { getItem, removeItem } from '../state/storage.ts';
import { app } from '../state/app.ts';
import { showToast } from '../state/toast.ts';
import { navigate, currentPath } from '../shell/navigation.ts';
import { redirectsOn401, loginUrl } from '../router/unauthorized.ts';
import { ApiError, errorFromResponse, requestFailed, setupFailed } from './errors.ts';

export type SearchParams = Record<string, string | number | boolean | undefined> | URLSearchParams;
export type DownloadProgress = { percent: number; transferredBytes: number; totalBytes: number };
export type RequestOptions = {
  searchParams?: SearchParams;
  /** Sent as JSON (Content-Type: application/json). */
  json?: unknown;
  /** Sent as is (FormData for uploads). */
  body?: BodyInit;
  /** A caller may pin the token (the outbox sends an owner's entries only with that owner's token). */
  headers?: Record<string, string>;
  /** Called as the answer's body arrives; percent is 0 while the size is unknown. */
  onDownloadProgress?: (progress: DownloadProgress) => void;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

function urlFor(path: string, searchParams?: SearchParams): string {
  const url = `${API_PREFIX}/${path.replace(/^\//, '')}`;
  if (!searchParams) return url;
  const params =
    searchParams instanceof URLSearchParams
      ? searchParams
      : new URLSearchParams(Object.entries(searchParams).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const query = params.toString();
  return query ? `${url}?${query}` : url;
}

/** Sends one request: the token, the maintenance / 401 / success rules on every answer. Rejects
 *  with the Response itself when it is not 2xx (request() turns everything into an ApiError). */
async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = getItem(STORAGE.token);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const request = new Request(urlFor(path, options.searchParams), {
    method: method.toUpperCase(),
    headers,
    body,
    credentials: 'include',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const response = await fetch(request);
  if (response.status === 503) onMaintenance();
  else if (response.status === 401) onUnauthorized();
  else if (response.ok) onSuccess(new URL(request.url, window.location.href).pathname);
  if (!response.ok) throw response;
  return response;
}

/** The body as text, reporting progress when asked. */
async function readText(response: Response, onProgress?: RequestOptions['onDownloadProgress']): Promise<string> {
  if (!onProgress || !response.body) return response.text();
  const totalBytes = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let transferredBytes = 0;
  onProgress({ percent: 0, transferredBytes, totalBytes });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    transferredBytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
    onProgress({ percent: totalBytes ? Math.min(1, transferredBytes / totalBytes) : 0, transferredBytes, totalBytes });
  }
  return text + decoder.decode();
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
      void send('get', 'health', {})
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
  if (err instanceof Response) return errorFromResponse(err);
  // No answer: the network failed (TypeError) or the timeout aborted the request.
  if (err instanceof TypeError || (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError'))) return requestFailed();
  return setupFailed();
}

/** Runs a request and parses JSON; throws ApiError on any failure. */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    const res = await send(method, path, options);
    if (res.status === 204) return undefined as T;
    const text = await readText(res, options.onDownloadProgress);
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
  get: <T>(path: string, searchParams?: SearchParams) => request<T>('get', path, { searchParams }),
  post: <T>(path: string, json?: unknown) => request<T>('post', path, json === undefined ? {} : { json }),
  put: <T>(path: string, json?: unknown) => request<T>('put', path, { json }),
  patch: <T>(path: string, json?: unknown) => request<T>('patch', path, { json }),
  delete: <T>(path: string) => request<T>('delete', path),
  upload: <T>(path: string, body: FormData, method: 'post' | 'put' = 'post') => request<T>(method, path, { body }),
};
