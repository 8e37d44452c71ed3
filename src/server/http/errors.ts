import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { ERROR_CODES } from '../../contract/errors';

/** An expected failure with its HTTP status and body code; anything else thrown is a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: number = ERROR_CODES.badRequest) => new ApiError(400, code, message);
export const notFound = (message: string, code: number = ERROR_CODES.notFound) => new ApiError(404, code, message);
export const conflict = (message: string, code: number = ERROR_CODES.conflict) => new ApiError(409, code, message);
export const forbidden = (message: string, code: number = ERROR_CODES.forbidden) => new ApiError(403, code, message);
export const unauthorized = (message: string, code: number = ERROR_CODES.unauthorized) => new ApiError(401, code, message);

export function errorResponse(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json({ message: error.message, code: error.code }, error.status);
}

const TARGET_NAMES: Record<string, string> = {
  json: 'body',
  query: 'query parameter',
  param: 'path parameter',
  header: 'header',
  cookie: 'cookie',
};

/** Turns zod issues into one sentence that names each field at fault. */
export function describeZodError(error: ZodError, target: string): string {
  const where = TARGET_NAMES[target] ?? target;
  const parts = error.issues.slice(0, 5).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => [...issue.path, k].join('.'));
      return `${where} field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')} ${keys.length > 1 ? 'are' : 'is'} not allowed`;
    }
    const path = issue.path.join('.');
    if (!path) return `${where}: ${issue.message}`;
    return `${where} '${path}': ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more problems)` : '';
  return `Invalid request: ${parts.join('; ')}${more}`;
}
