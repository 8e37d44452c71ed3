import { ErrorBody } from '../errors';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: the message names the field or parameter at fault',
  401: 'Missing or invalid credentials (negative codes for API-user JWT failures)',
  403: 'The caller lacks the role this operation needs',
  404: 'Not found',
  409: 'Conflict (for example, the same Idempotency-Key is still being processed)',
  413: 'Request body too large',
  415: 'Unsupported media type: send application/json',
  429: 'Too many requests; see Retry-After',
  500: 'Internal error',
};

/** Error responses in the generic error shape, for the given statuses. */
export function errorResponses<const S extends readonly (keyof typeof DESCRIPTIONS)[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: DESCRIPTIONS[status], content: { 'application/json': { schema: ErrorBody } } }]),
  ) as { [K in S[number]]: { description: string; content: { 'application/json': { schema: typeof ErrorBody } } } };
}

/** The statuses any signed, rate-limited operation can answer. */
export const GUARDED = [400, 401, 403, 429, 500] as const;
export const GUARDED_WRITE = [400, 401, 403, 409, 413, 415, 429, 500] as const;
