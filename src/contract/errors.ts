import { z } from 'zod';

/** The one error envelope: every non-2xx body of the service has this shape. */
export const ErrorBody = z
  .object({
    message: z.string().meta({ description: 'What went wrong, naming the field or parameter when one is at fault.' }),
    code: z.number().int().meta({ description: 'Machine-readable code (see ERROR_CODES).' }),
  })
  .meta({ description: 'Generic error body.' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Codes beyond the spec's own (1000-series catalogue codes, 900 for orders). Generic failures
 * use the HTTP status as their code; authentication failures use the negative codes clients
 * already know from the public API.
 */
export const ERROR_CODES = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internal: 500,
  serviceUnavailable: 503,
  // API-user JWT authentication (wire-facts)
  invalidSignature: -1,
  apiKeyMissingFromJwt: -2,
  jwtMissing: -3,
  wrongUri: -4,
  malformedToken: -5,
  keyUserMismatch: -6,
  tokenNotAccepted: -7,
  insufficientPermissions: -8,
  requestExpired: -10,
  issuedInFuture: -12,
  // Passkeys (issue 20): 403, never 401, so the console does not mistake them for an ended session.
  passkeyRequired: 1901,
  passkeyInvalid: 1902,
} as const;

/** The spec's message for reusing an Idempotency-Key whose first request hit an internal error. */
export const IDEMPOTENCY_AFTER_ERROR_MESSAGE = 'This operation does not support reuse of the same idempotency key after an internal error';
