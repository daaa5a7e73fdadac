/**
 * `@onvelope/service-kit/nats`: NATS and JetStream on the nats.js 3 client. Connections, streams,
 * events and commands, each carrying the trace and counted in the service's metrics.
 * `natsConnectOptions` has an entry point of its own, `./nats-connect-options`, which loads nothing
 * else (every test file's setup imports it).
 */
export * from './nats.js';
