/**
 * `@onvelope/service-kit/mongo`: MongoDB through mongoose. One connection per service database with
 * its pool on /metrics, the account scope every query of a merchant's data goes through
 * (`forAccount`), and attempt counters kept in the database.
 */
export * from './mongo.js';
export * from './tenancy.js';
export * from './attempt-counters.js';
