import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_CODES } from '../contract/errors';
import { OPENAPI_PATH } from '../contract/routes/operation';
import { registerAdmin } from './features/admin/handlers';
import { registerAuditExplorer } from './features/audit/explorer-handlers';
import { registerAudit } from './features/audit/handlers';
import { registerAuditTree } from './features/audit/tree-handlers';
import { authenticateCaller, recordRefusedOperation } from './features/auth/authenticate';
import { registerAuth } from './features/auth/handlers';
import { registerCatalogue } from './features/catalogue/handlers';
import { registerCompliance } from './features/compliance/handlers';
import { registerEarn } from './features/earn/handlers';
import { registerHome } from './features/home/handlers';
import { registerLive } from './features/live/handlers';
import { passwordSignInRefusal, registerPasskeys } from './features/passkeys/handlers';
import { stepUp } from './features/passkeys/step-up';
import { registerTrading, tradingBeta } from './features/trading/handlers';
import { registerTransactions } from './features/transactions/handlers';
import { sampleTransaction } from './features/transactions/view';
import { registerVault } from './features/vault/handlers';
import { registerWebhooks } from './features/webhooks/handlers';
import { isDatabaseUnavailable, isTransactionConflict } from './db/unavailable';
import { ApiError, describeZodError, errorResponse } from './http/errors';
import { registerHealth } from './http/health';
import type { Readiness } from './http/readiness';
import { methodNotAllowed } from './http/method-not-allowed';
import { requestContext } from './http/request-id';
import { storableText } from './http/storable-text';
import { registerConsole, registerDocs } from './http/static';
import type { AppDeps, AppEnv, Gate } from './http/types';
import { requestMetrics } from './http/request-metrics';
import { requestTracing } from './http/request-tracing';

export const API_VERSION = '1.6.2';
const MAX_BODY_BYTES = 1024 * 1024;
const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; retry shortly (a write with the same Idempotency-Key)';
/** A database restart or failover takes seconds: what a 503 for an unavailable database tells the caller to wait. */
const DATABASE_RETRY_AFTER_SECONDS = 2;
const TRANSACTION_CONFLICT_MESSAGE = 'This write met another at the same moment and nothing of it was kept; retry it (with the same Idempotency-Key)';

/**
 * `extend` adds routes before the catch-all ones (tests use it for probes such as a slow request).
 * `readiness` is what /readyz reports; an app without running workers (as tests build it) is not ready.
 */
export function createApp(
  deps: AppDeps,
  extend?: (app: OpenAPIHono<AppEnv>) => void,
  readiness: Readiness = { workers: false, draining: false },
): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json({ message: describeZodError(result.error, result.target), code: ERROR_CODES.badRequest }, 400);
    },
  });

  if (deps.metrics) app.use(requestMetrics(deps.metrics, app));
  if (deps.tracing) app.use(requestTracing(deps.tracing, app));
  app.use(requestContext(deps.logger, deps.tracing));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and Swagger UI set style attributes; scripts stay strictly external.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'DENY',
      strictTransportSecurity: deps.config.production ? 'max-age=31536000; includeSubDomains' : false,
    }),
  );
  const instanceId = deps.config.instanceId;
  if (instanceId) {
    // Which instance of a fleet answered, for an operator (and the fleet tests) following requests through a balancer.
    app.use(async (c, next) => {
      await next();
      c.res.headers.set('X-Instance', instanceId);
    });
  }
  registerHealth(app, deps.db, readiness);
  app.use('/v1/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: `Request body too large: at most ${MAX_BODY_BYTES} bytes`, code: ERROR_CODES.payloadTooLarge }, 413),
    }),
  );

  app.use('/v1/*', storableText());
  app.use('/v1/*', methodNotAllowed(app));
  // What every operation's guard (http/guard.ts) runs that the areas own, lent to each request.
  const gate: Gate = {
    authenticate: (c) => authenticateCaller(deps, c),
    refused: (c, operationId) => recordRefusedOperation(deps, c, operationId),
    stepUp: (operationId) => stepUp(deps, operationId),
    beta: tradingBeta(deps),
  };
  app.use('/v1/*', async (c, next) => {
    c.set('gate', gate);
    await next();
  });

  registerAuth(app, deps, { passwordSignInRefusal: (principal) => passwordSignInRefusal(deps, principal) });
  registerPasskeys(app, deps);
  registerAdmin(app, deps);
  registerAudit(app, deps);
  registerAuditTree(app, deps);
  registerAuditExplorer(app, deps);
  registerCatalogue(app, deps);
  registerTrading(app, deps);
  registerVault(app, deps);
  registerCompliance(app, deps);
  registerEarn(app, deps);
  registerTransactions(app, deps);
  registerWebhooks(app, deps, sampleTransaction);
  registerHome(app, deps);
  registerLive(app, deps);

  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The API user id.' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiJwt', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'RS256 JWT signed with the API user’s private key; claims uri, nonce, iat, exp (at most 60 s after iat), sub (the API key), bodyHash (hex SHA-256 of the body).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'ConsoleSession', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token from /v1/auth/sign_in or /v1/auth/refresh.',
  });
  app.doc31(OPENAPI_PATH, {
    openapi: '3.1.0',
    info: {
      title: 'Asset Ops: Digital Asset Operations Service',
      version: API_VERSION,
      description:
        'The /v1 interface of the digital-asset operations service. Operations tagged "(extension)" are this service’s own additions to the specified interface.',
    },
    servers: [{ url: '/', description: 'This service' }],
  });
  registerDocs(app);
  extend?.(app);

  app.all('/v1/*', (c) => c.json({ message: `No operation at ${c.req.method} ${c.req.path}`, code: ERROR_CODES.notFound }, 404));
  registerConsole(app, deps.config.consoleDir);

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      const status = error.status;
      const message =
        status === 415
          ? `Unsupported Content-Type ${c.req.header('Content-Type') ?? '(none)'}: send application/json`
          : status === 400 && /JSON/i.test(error.message)
            ? 'Malformed JSON in the request body'
            : error.message || 'Bad request';
      return c.json({ message, code: status }, status);
    }
    if (isDatabaseUnavailable(error)) {
      // Not this request's fault, and over once the database is back (a restart, a failover): the
      // caller retries, with the same Idempotency-Key for a write (see idempotency.ts).
      c.get('log').warn({ err: error }, 'the database is unavailable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ message: DATABASE_UNAVAILABLE_MESSAGE, code: ERROR_CODES.serviceUnavailable }, 503);
    }
    if (isTransactionConflict(error)) {
      c.get('log').warn({ err: error }, 'the database rolled a write back to break a deadlock');
      c.header('Retry-After', '1');
      return c.json({ message: TRANSACTION_CONFLICT_MESSAGE, code: ERROR_CODES.serviceUnavailable }, 503);
    }
    c.get('log').error({ err: error }, 'unexpected error');
    return c.json({ message: 'Internal server error', code: ERROR_CODES.internal }, 500);
  });
  return app;
}
