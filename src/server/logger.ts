import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Request logs carry only method, path, status and timing; the redaction
 * list is a second line of defence in case a credential ever ends up in a logged object.
 */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
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
