import type { ApiError } from '../client';

/**
 * A failed API call as an Error: `code` is the API's error code (ERR_...), `message` its raw
 * text, `fields` the failing fields of a validation error. errorText() and useToast().toastError()
 * turn it into a translated text.
 */
export class ApiRequestError extends Error {
  readonly code: string | undefined;
  readonly status: number;
  readonly fields: ApiError['fields'];

  constructor(status: number, body: Partial<ApiError> | string | undefined) {
    const parsed = typeof body === 'object' && body !== null ? body : undefined;
    super(parsed?.message || (typeof body === 'string' && body) || `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = parsed?.error;
    this.fields = parsed?.fields;
  }
}

/**
 * Turns an openapi-fetch answer into its data, or throws an ApiRequestError: the shape TanStack
 * Query wants. `const tickets = await unwrap(client.GET('/tickets', { params }))`.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiRequestError(response.status, error as Partial<ApiError> | string | undefined);
  return data as T;
}
