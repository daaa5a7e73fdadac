/**
 * `@onvelope/service-kit/outbox`: the transactional outbox. A change is stored with the write, one
 * relay loop publishes it to NATS however long NATS is away, and the backlog is read from the store
 * for /metrics.
 */
export * from './outbox-relay.js';
export * from './outbox-backlog.js';
