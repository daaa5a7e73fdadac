import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout, one line per event, tagged with the service name. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  });
}
