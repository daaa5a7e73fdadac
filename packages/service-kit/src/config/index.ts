/** `@onvelope/service-kit/config`: the settings every service shares, parsed with zod at start. */
export * from './config.js';
