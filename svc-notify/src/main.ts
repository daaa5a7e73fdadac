import { startTelemetry } from '@onvelope/service-kit/telemetry';

// Telemetry first: its instrumentations patch http, koa and mongodb as the rest is imported.
await startTelemetry('svc-notify');
const { runMain } = await import('@onvelope/service-kit/http');
const { startNotifyService } = await import('./index.js');

await runMain('svc-notify', (env) => startNotifyService(env, { ownProcess: true }));
