import pino from 'pino';

export type Logger = pino.Logger;

interface DatabaseFailure extends Error {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function databaseFailure(error: unknown): DatabaseFailure | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (typeof (e as Partial<DatabaseFailure>).code === 'string' && SQLSTATE.test((e as DatabaseFailure).code)) return e as DatabaseFailure;
  }
  return undefined;
}

/**
 * A failed query's error carries the SQL and its parameters (drizzle puts both in its message),
 * and PostgreSQL quotes the offending value in its own message ('invalid input syntax for type
 * integer: "…"'), so request values would reach the logs. A database error is logged by its
 * SQLSTATE, the names PostgreSQL gives (constraint, table, column), its message with every quoted
 * part blanked, and the stack frames without their message lines.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failure = databaseFailure(error);
  if (!failure) return pino.stdSerializers.err(error);
  return {
    type: error.constructor.name,
    code: failure.code,
    message: failure.message.replace(/"(?:[^"]|"")*"/g, '"…"'),
    ...(failure.constraint ? { constraint: failure.constraint } : {}),
    ...(failure.table ? { table: failure.table } : {}),
    ...(failure.column ? { column: failure.column } : {}),
    ...(failure.routine ? { routine: failure.routine } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/**
 * Structured JSON logs. Request logs carry only method, path, status and timing; the redaction
 * list is a second line of defence in case a credential ever ends up in a logged object.
 */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'accessToken',
          '*.accessToken',
          'refreshToken',
          '*.refreshToken',
          'authorization',
          '*.authorization',
          'headers.authorization',
          'headers.cookie',
          'headers["x-api-key"]',
          'privateKey',
          '*.privateKey',
          'pairingToken',
          '*.pairingToken',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
