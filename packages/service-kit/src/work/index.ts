/**
 * `@onvelope/service-kit/work`: long work off the request path. Giving way to the calls someone is
 * waiting on, and worker threads that run from the sources or from the build alike.
 */
export * from './foreground-calls.js';
export * from './module-worker.js';
