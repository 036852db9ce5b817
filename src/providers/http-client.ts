/**
 * The one HTTP client of the portal (spec 1 §7): public calls go to the bare API host, authenticated calls to
 * the tenant's API host with `Authorization: Bearer <user_session>`, `Accept: application/json` and the portal's
 * language as `Accept-Language` (the API words its messages in it). A 401 and
 * a 503 are announced to whoever listens (the auth state logs out; the shell shows the maintenance screen);
 * aborted requests are only logged. Errors reject with ApiError, which carries Laravel's `errors` for 422s. Every
 * signed-in write carries an `Idempotency-Key`, kept across its retries, so it is applied once.
 */
import { readCookie } from './cookies';
import { deployment } from '@/lib/runtime-config';
import { SESSION_COOKIE } from '@shared/session';

export { SESSION_COOKIE };
export const REMEMBER_COOKIE = 'remember_session';

export type QueryValue =
  string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send to the public API host without a token (login, tenant lookup). */
  public?: boolean;
  headers?: Record<string, string>;
  /** 'blob' for downloads. */
  responseType?: 'json' | 'blob';
  /**
   * Announce a 401 and a 503 to the listeners (default true). The login call answers them itself: a 503 there
   * is the message 'Service is currently unavailable', not the maintenance screen.
   */
  announce?: boolean;
  /**
   * Asked for ahead of time (a first screen's data, before the screen has rendered): the answer is kept for the
   * one identical GET with the same token that follows within PREFETCH_TTL_MS, and nothing is announced.
   */
  prefetch?: boolean;
}

export interface MaintenanceInfo {
  status: string | null;
  back_on: string | null;
}

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when no response arrived. */
    public readonly status: number,
    message: string,
    public readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Laravel's per-field validation messages of a 422. */
  get errors(): Record<string, string[]> | undefined {
    const errors = (this.body as { errors?: Record<string, string[]> } | null)?.errors;
    return errors && typeof errors === 'object' ? errors : undefined;
  }
}

/** PHP-style query string: `filter[search]=x`, `included_fields[]=a`, `items[0][id]=5`. */
export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      const plain = value.every((item) => item === null || typeof item !== 'object');
      value.forEach((item, index) => add(plain ? `${key}[]` : `${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) add(`${key}[${child}]`, item);
    } else {
      params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return params.toString();
}

type Listener<T> = (value: T) => void;

function listeners<T>() {
  const set = new Set<Listener<T>>();
  return {
    subscribe(listener: Listener<T>) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(value: T) {
      set.forEach((listener) => listener(value));
    },
  };
}

/** A 401, and the token the refused request carried (none when it carried none). */
export interface Unauthorized {
  error: ApiError;
  token: string | undefined;
}

export const unauthorizedEvents = listeners<Unauthorized>();
export const maintenanceEvents = listeners<MaintenanceInfo>();

export const sessionToken = (): string | undefined => readCookie(SESSION_COOKIE);

export function apiUrl(path: string, options: Pick<RequestOptions, 'public' | 'query'> = {}): string {
  const company = deployment.host.company;
  const base = options.public || !company ? deployment.publicApiUrl : deployment.tenantApiUrl(company);
  const search = options.query ? toQueryString(options.query) : '';
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** How long a prefetched answer waits for the request it was made for. */
export const PREFETCH_TTL_MS = 10_000;

type PrefetchedAnswer = { ok: true; body: unknown } | { ok: false };

/**
 * Prefetched GETs by token, language and URL: each is handed to the first identical request, once (some answers
 * are worded in the request's language).
 */
interface PrefetchEntry {
  answer: Promise<PrefetchedAnswer>;
  expires: number;
  /** The answer once it has arrived. */
  settled?: PrefetchedAnswer;
}
const prefetched = new Map<string, PrefetchEntry>();
const prefetchKey = (url: string, token: string | undefined) =>
  `${token ?? ''} ${languageHeader()['Accept-Language'] ?? ''} ${url}`;

/** The prefetched answer of this GET, taken out of the store (so it serves one request only). */
function takePrefetched(url: string, token: string | undefined): Promise<PrefetchedAnswer> | undefined {
  const key = prefetchKey(url, token);
  const entry = prefetched.get(key);
  prefetched.delete(key);
  return entry && entry.expires > Date.now() ? entry.answer : undefined;
}

/**
 * The body of a prefetched GET that has already arrived, left in the store for the request it was made for: a
 * screen's first render can show it at once instead of one render later (the request still takes it, and the
 * network is not asked again). Nothing when it has not arrived, failed, or was made for another token or language.
 */
export function peekPrefetched(
  path: string,
  options: Pick<RequestOptions, 'public' | 'query'> = {},
): unknown {
  const token = options.public ? undefined : sessionToken();
  const entry = prefetched.get(prefetchKey(apiUrl(path, options), token));
  return entry?.settled?.ok && entry.expires > Date.now() ? entry.settled.body : undefined;
}

/**
 * Forgets a prefetched answer that a screen showed (peekPrefetched) without a request taking it: a later request
 * for the same URL then asks the server instead of being given rows the screen already shows.
 */
export function forgetPrefetched(body: unknown): void {
  for (const [key, entry] of prefetched) {
    if (entry.settled?.ok && entry.settled.body === body) prefetched.delete(key);
  }
}

/** Forgets every prefetched answer (the session ended or changed). */
export function clearPrefetched(): void {
  prefetched.clear();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.public ? undefined : sessionToken();
  const url = apiUrl(path, options);
  if ((options.method ?? 'GET') !== 'GET') return send<T>(url, token, options);

  if (options.prefetch) {
    // A prefetch sits out the announcements: its answer counts only when a real request takes it.
    const entry: PrefetchEntry = {
      expires: Date.now() + PREFETCH_TTL_MS,
      answer: send<unknown>(url, token, { ...options, signal: undefined, announce: false }).then(
        (body): PrefetchedAnswer => (entry.settled = { ok: true, body }),
        (): PrefetchedAnswer => (entry.settled = { ok: false }),
      ),
    };
    const { answer } = entry;
    prefetched.set(prefetchKey(url, token), entry);
    const result = await answer;
    if (!result.ok) throw new ApiError(0, 'The prefetch failed');
    return result.body as T;
  }
  // A successful prefetch answers this request; after a failed one it is asked again, so errors take the usual way.
  const prefetch = takePrefetched(url, token);
  if (!prefetch) return send<T>(url, token, options); // leaves at once: the start-up's session check goes first
  const reused = await prefetch;
  if (reused.ok) return reused.body as T;
  return send<T>(url, token, options);
}

/** The portal's language (i18n.ts keeps it on `<html lang>`): the API answers its messages in it. */
export function languageHeader(): Record<string, string> {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return language ? { 'Accept-Language': language } : {};
}

/** API requests under way, and what waits for there to be none. */
let requestsUnderWay = 0;
let quietWaiters: (() => void)[] = [];

/** Resolves once no API request is under way: at once when none is, else when the last one has its answer. */
export function apiQuiet(): Promise<void> {
  return requestsUnderWay ? new Promise((resolve) => quietWaiters.push(resolve)) : Promise.resolve();
}

function send<T>(url: string, token: string | undefined, options: RequestOptions): Promise<T> {
  requestsUnderWay += 1;
  const answered = () => {
    requestsUnderWay -= 1;
    if (requestsUnderWay) return;
    const waiters = quietWaiters;
    quietWaiters = [];
    waiters.forEach((resume) => resume());
  };
  const request = sendNow<T>(url, token, options);
  request.then(answered, answered);
  return request;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A key no other write shares (random UUID; a fallback where crypto.randomUUID is missing: plain http hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * A busy server (server/http/overload.ts) answers 503 `{busy: true, retry_after_ms}` with `Retry-After` before it
 * starts a request: the request is sent again at the turn the server gave it (`retry_after_ms`, where its turn is
 * kept for it), up to BUSY_RETRIES times, and is then an error like any other (not the maintenance screen, which is
 * maintenance mode's 503).
 */
export const BUSY_RETRIES = 3;
const MAX_BUSY_WAIT_MS = 30_000;

interface BusyBody {
  busy?: unknown;
  retry_after_ms?: unknown;
}

const isBusy = (body: unknown) => (body as BusyBody | null)?.busy === true;

/**
 * How long to wait before sending a request again that a busy server refused, or null when it was not refused:
 * the body's `retry_after_ms` (the turn the server keeps for it); without it, `Retry-After` and a random part of the
 * second after it (the header counts whole seconds, so requests refused together would otherwise all come back at
 * the same moment).
 */
async function busyRetryDelayMs(response: Response): Promise<number | null> {
  if (response.status !== 503) return null;
  const body = (await readBody(response.clone())) as BusyBody | null;
  if (!isBusy(body)) return null;
  const turn = body?.retry_after_ms;
  if (typeof turn === 'number' && Number.isFinite(turn) && turn >= 0) return Math.min(turn, MAX_BUSY_WAIT_MS);
  const seconds = Number(response.headers.get('Retry-After') ?? 1);
  const asked = Math.max(Number.isFinite(seconds) ? seconds : 1, 1) * 1000;
  return Math.min(asked + Math.random() * 1000, MAX_BUSY_WAIT_MS);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

async function sendNow<T>(url: string, token: string | undefined, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...languageHeader(),
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  // Every write is applied once however often it is sent (server/http/idempotency.ts): one key per write, the same
  // in each of its retries below.
  const method = options.method ?? 'GET';
  if (token && method !== 'GET' && !headers[IDEMPOTENCY_HEADER])
    headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  for (let attempt = 1; ; attempt += 1) {
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) {
        console.debug(`Request aborted: ${url}`);
        throw error;
      }
      throw new ApiError(0, 'No Response');
    }
    const wait = await busyRetryDelayMs(response);
    if (wait === null || attempt > BUSY_RETRIES) break;
    await pause(wait, options.signal);
  }

  if (response.ok) {
    if (options.responseType === 'blob') return (await response.blob()) as T;
    return (await readBody(response)) as T;
  }
  const errorBody = await readBody(response);
  const message =
    (errorBody as { message?: string } | null)?.message ||
    response.statusText ||
    `Request failed (${response.status})`;
  const error = new ApiError(response.status, message, errorBody);
  const announce = options.announce ?? true;
  if (announce && response.status === 401 && !options.public) unauthorizedEvents.emit({ error, token });
  if (announce && response.status === 503 && !isBusy(errorBody)) {
    const info = (errorBody ?? {}) as Partial<MaintenanceInfo>;
    maintenanceEvents.emit({ status: info.status ?? null, back_on: info.back_on ?? null });
  }
  throw error;
}
