import { startTelemetry } from '@onvelope/service-kit/telemetry';

// Telemetry first: its instrumentations patch http, koa and mongodb as the rest is imported.
await startTelemetry('svc-auth');
const { runMain } = await import('@onvelope/service-kit/http');
const { startAuthService } = await import('./index.js');

await runMain('svc-auth', startAuthService);
