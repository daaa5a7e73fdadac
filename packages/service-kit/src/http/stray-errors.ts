import type { Logger } from '../observability/logger.js';

/**
 * Keeps a service answering when an error escapes every handler: an `'error'` event nobody listens
 * to, or a rejection nobody awaits. Node ends the process on either, which takes every seller's
 * calls down for one bad request; here each is logged (and fixed at its cause), and the service
 * goes on. A process that truly dies is restarted by what runs it (`npm start`, compose,
 * Kubernetes). Install once per process, in its entry point.
 */
export function survivingStrayErrors(log: Pick<Logger, 'error'>, target: NodeJS.Process = process) {
  target.on('uncaughtException', (error, origin) => {
    log.error({ err: error, origin }, 'an error escaped every handler; the service goes on');
  });
  target.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'a rejection nobody handled; the service goes on');
  });
}
