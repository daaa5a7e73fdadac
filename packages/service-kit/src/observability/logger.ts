import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentTrace } from './trace-context.js';

export type { Logger };

/**
 * Structured JSON logs on stdout (or `destination`), one line per event, tagged with the service
 * name. A line written while a request, event or command is handled carries its `traceId` and
 * `spanId` (see `trace-context.ts`), so the lines of one call can be found in every app.
 */
export function createLogger(
  service: string,
  level: string,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    mixin: () => {
      const trace = currentTrace();
      return trace ? { traceId: trace.traceId, spanId: trace.spanId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
