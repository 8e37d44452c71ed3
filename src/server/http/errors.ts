import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { ERROR_CODES } from '../../contract/errors';
import { formatFieldErrors, type FieldTarget } from '../../contract/field-errors';

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

/** Turns zod issues into one sentence that names each field at fault (the format of contract/field-errors). */
export function describeZodError(error: ZodError, target: string): string {
  return formatFieldErrors(
    error.issues.map((issue) => {
      const path = issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key));
      return issue.code === 'unrecognized_keys'
        ? { target: target as FieldTarget, path, notAllowed: issue.keys }
        : { target: target as FieldTarget, path, message: issue.message };
    }),
  );
}
