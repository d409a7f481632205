import { currentLocale, translateServerMessage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';

export const API_BASE = '/api/frontend/';
export const GENERIC_ERROR_MESSAGE = 'Error occured while processing your request.';
export const SESSION_EXPIRED_MESSAGE = 'Please login again, to continue.';
export const FORBIDDEN_MESSAGE = 'Forbidden.';
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again in a moment.';
/** While the server or its database restarts; a proxy's answer in front of it carries no message of ours. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** Set when the client already told the user (401 logout), so global handlers stay quiet. */
  readonly handled: boolean;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}, handled = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.handled = handled;
  }
}

export function genericApiError(status = 0): ApiError {
  return new ApiError(status, translateServerMessage(GENERIC_ERROR_MESSAGE));
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

// One controller for every request, so logout can cancel everything in flight at once.
let sharedController = new AbortController();

export function abortAllRequests(): void {
  sharedController.abort();
  sharedController = new AbortController();
}

let unauthorizedHandler: (() => void) | null = null;

/** The session layer registers its logout here; the client itself knows nothing about routing or caches. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Plain objects are sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Logout must reach the server even though it aborts every other request. */
  detached?: boolean;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  // Absolute, because fetch outside a browser document (tests, workers) has no base to resolve against.
  const url = new URL(API_BASE + path.replace(/^\//, ''), window.location.origin).toString();
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = Array.isArray(messages) ? messages : [messages];
    result[field] = list.filter((item): item is string => typeof item === 'string');
  }
  return result;
}

/**
 * Builds the user-facing text of a failed response. The body is read as text and parsed as JSON,
 * which also covers binary (file download) responses whose error body is JSON.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const rawMessage = isRecord(body) && typeof body.message === 'string' && body.message ? body.message : null;
  const fieldErrors = isRecord(body) ? readFieldErrors(body.errors) : {};
  const fallback = UNAVAILABLE_STATUSES.has(response.status) ? UNAVAILABLE_MESSAGE : GENERIC_ERROR_MESSAGE;
  const base = translateServerMessage(rawMessage ?? fallback);
  const bullets = Object.values(fieldErrors)
    .flat()
    .map((line) => `• ${translateServerMessage(line)}`);
  return new ApiError(response.status, [base, ...bullets].join('\n'), fieldErrors);
}

/** The headers every request carries: the session token and the user's language. */
export function apiHeaders(accept = 'application/json'): Headers {
  const headers = new Headers({ Accept: accept, 'user-locale': currentLocale() });
  const token = sessionStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** The absolute URL of an API path. */
export function requestUrl(path: string, query?: Record<string, QueryValue>): string {
  return buildUrl(path, query);
}

/**
 * The ApiError of a failed answer, as the JSON client makes it: 401 ends the session, 403 is "Forbidden.",
 * anything else carries the body's translated message and field errors. For callers reading raw responses.
 */
export async function failedResponseError(response: Response): Promise<ApiError> {
  if (response.status === 401) {
    if (sessionStore.hasSessionCookie()) unauthorizedHandler?.();
    return new ApiError(401, translateServerMessage(SESSION_EXPIRED_MESSAGE), {}, true);
  }
  if (response.status === 403) return new ApiError(403, translateServerMessage(FORBIDDEN_MESSAGE));
  return errorFromResponse(response);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = apiHeaders();

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.detached ? undefined : sharedController.signal,
  });

  if (response.status >= 400) {
    if (response.status === 401 && !options.detached) {
      // Only the first of several concurrent 401s finds the session still there and ends it.
      if (sessionStore.hasSessionCookie()) unauthorizedHandler?.();
      return Promise.reject(new ApiError(401, translateServerMessage(SESSION_EXPIRED_MESSAGE), {}, true));
    }
    if (response.status === 403) {
      return Promise.reject(new ApiError(403, translateServerMessage(FORBIDDEN_MESSAGE)));
    }
    return Promise.reject(await errorFromResponse(response));
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      return Promise.reject(genericApiError(response.status));
    }
  }
  return { status: response.status, data: data as T };
}

/** Reads and updates answer 200; anything else is an unexpected shape. */
export function expectOk<T>(response: ApiResponse<T>): T {
  if (response.status !== 200) throw genericApiError(response.status);
  return response.data;
}

/** Creates answer 201 with a numeric id. */
export function expectCreated<T extends { id: number }>(response: ApiResponse<T>): T {
  const data: unknown = response.data;
  if (response.status !== 201 || !isRecord(data) || typeof data.id !== 'number') {
    throw genericApiError(response.status);
  }
  return response.data;
}

/** Deletes and actions answer with a truthy status flag. */
export function expectStatus<T extends { status: unknown }>(response: ApiResponse<T>): T {
  const data: unknown = response.data;
  if (!isRecord(data) || !data.status) throw genericApiError(response.status);
  return response.data;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => apiRequest<T>(path, { query }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
