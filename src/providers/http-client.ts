/**
 * The one HTTP client of the portal (spec 1 §7): public calls go to the bare API host, authenticated calls to
 * the tenant's API host with `Authorization: Bearer <user_session>` and `Accept: application/json`. A 401 and
 * a 503 are announced to whoever listens (the auth state logs out; the shell shows the maintenance screen);
 * aborted requests are only logged. Errors reject with ApiError, which carries Laravel's `errors` for 422s.
 */
import Cookies from 'js-cookie';
import { deployment } from '@/lib/runtime-config';

export const SESSION_COOKIE = 'user_session';
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

export const unauthorizedEvents = listeners<ApiError>();
export const maintenanceEvents = listeners<MaintenanceInfo>();

export const sessionToken = (): string | undefined => Cookies.get(SESSION_COOKIE);

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.public ? undefined : sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) {
      console.debug(`Request aborted: ${path}`);
      throw error;
    }
    throw new ApiError(0, 'No Response');
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
  if (announce && response.status === 401 && !options.public) unauthorizedEvents.emit(error);
  if (announce && response.status === 503) {
    const info = (errorBody ?? {}) as Partial<MaintenanceInfo>;
    maintenanceEvents.emit({ status: info.status ?? null, back_on: info.back_on ?? null });
  }
  throw error;
}
