import type { ErrorBody } from '../../shared/api/errors';
import { messages } from '../../shared/messages';

/** A failed API call, carrying the server's error code and its message for the user. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is: a file with its type (a CSV), or a form with files (the browser sets the type). */
  raw?: { data: Blob | FormData; type?: string };
  signal?: AbortSignal;
}

function requestBody(
  body: unknown,
  raw: RequestOptions['raw'],
): { headers: Record<string, string>; body: BodyInit | null } {
  if (raw) return { headers: raw.type ? { 'content-type': raw.type } : {}, body: raw.data };
  if (body === undefined) return { headers: {}, body: null };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

// The browser's fetch; the server renderer answers the same calls in-process (entry-server.tsx).
let transport: Transport = (url, init) => fetch(url, init);

/** For the server renderer only: where the public pages' reads go when rendered on the server. */
export function setApiTransport(next: Transport) {
  transport = next;
}

/** Calls our own API (same origin, under /api) and returns its JSON, or throws an ApiError. */
export async function api<T>(
  path: string,
  { method = 'GET', body, raw, signal }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method,
      signal: signal ?? null,
      credentials: 'same-origin',
      ...requestBody(body, raw),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', messages.networkError);
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message);
    throw new ApiError(response.status, 'INTERNAL', messages.serverError);
  }
  return data as T;
}
