import type { Context, MiddlewareHandler } from 'hono';
import type { OperationId } from '../../contract/operations';
import type { StepUpOperation, StepUpProof } from '../../contract/passkeys';
import type { Role } from '../../contract/roles';
import type { Config } from '../env';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import type { Tracing } from '../tracing/tracing';

/** Who is calling: a console user (session JWT) or an API user (signed request). */
export interface Principal {
  kind: 'CONSOLE' | 'API';
  id: string;
  name: string;
  email: string | null;
  role: Role;
  workspaceId: string;
  /** Read with a console session's principal, so that describing the session costs no query. */
  workspaceName?: string;
}

/**
 * Keys made once per installation and kept in the database, so every instance shares them: the
 * access-token signing key and the key that makes list cursors tamper-proof (loadSecrets, in
 * features/auth/tokens.ts).
 */
export interface ServerSecrets {
  accessTokenKey: Uint8Array;
  cursorKey: Uint8Array;
}

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** The clock every time rule reads, so tests can move it. */
  now: () => Date;
  secrets: ServerSecrets;
  /** The instance's Prometheus metrics; absent where no one scrapes them (most tests, the benchmarks). */
  metrics?: Metrics;
  /** The instance's OpenTelemetry traces; absent unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing?: Tracing;
}

/**
 * The checks of a guarded operation that the areas own (guard.ts runs them in their place): who
 * is calling, the audit event of a refused operation, the passkey step-up, the trading beta's
 * switch. http/ imports no area, so the app lends them to every request it serves (app.ts).
 */
export interface Gate {
  /** Who is calling, or a 401. */
  authenticate(c: Context<AppEnv>): Promise<Principal>;
  /** Records that the caller's role may not perform the operation, before the 403. */
  refused(c: Context<AppEnv>, operationId: OperationId): Promise<void>;
  /** The passkey check of a step-up operation, after authentication and roles. */
  stepUp(operationId: StepUpOperation): MiddlewareHandler<AppEnv>;
  /** The trading beta's switch: a workspace without it gets 403 from the operations served with the beta. */
  beta: MiddlewareHandler<AppEnv>;
}

export interface AppEnv {
  Variables: {
    gate: Gate;
    requestId: string;
    log: Logger;
    principal: Principal;
    /** Set by the step-up check when the call carried a verified passkey assertion bound to it. */
    stepUp?: StepUpProof;
  };
}
