import pino from 'pino';

export type Logger = pino.Logger;

/**
 * An error as a log line shows it: its class, message, stack and scalar fields (code, severity, ...), never the
 * objects hung on it. A pg error carries its whole client (connection parameters, the backend's secretKey).
 */
export function loggedError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return {
    ...out,
    type: err.constructor.name,
    message: err.message,
    stack: err.stack,
    ...(err.cause !== undefined ? { cause: loggedError(err.cause) } : {}),
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'saffa-api' },
      redact: ['req.headers.cookie', 'password'],
      serializers: { err: loggedError },
    },
    destination ?? pino.destination(1),
  );
}
