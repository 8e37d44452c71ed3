import type { Role } from '../../contract/roles';
import type { Config } from '../env';
import type { Db } from '../db/client';
import type { ServerSecrets } from '../features/auth/tokens';
import type { StepUpProof } from '../../contract/passkeys';
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

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    principal: Principal;
    /** Set by the step-up check when the call carried a verified passkey assertion bound to it. */
    stepUp?: StepUpProof;
  };
}
