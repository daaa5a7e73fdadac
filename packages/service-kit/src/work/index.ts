/**
 * `@onvelope/service-kit/work`: long work off the request path. Giving way to the calls someone is
 * waiting on, a lower CPU priority for background threads and processes, and worker threads that
 * run from the sources or from the build alike.
 */
export * from './foreground-calls.js';
export * from './module-worker.js';
export * from './cpu-priority.js';
