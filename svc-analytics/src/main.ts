import { startTelemetry } from '@onvelope/service-kit/telemetry';

// Telemetry first: its instrumentations patch http, koa and mongodb as the rest is imported.
await startTelemetry('svc-analytics');
const { runMain } = await import('@onvelope/service-kit/http');
const { startAnalyticsService } = await import('./index.js');

await runMain('svc-analytics', startAnalyticsService);
