import { startTelemetry } from '@onvelope/service-kit/telemetry';

// Telemetry first: its instrumentations patch http, koa and mongodb as the rest is imported.
await startTelemetry('svc-notify');
const { runMain } = await import('@onvelope/service-kit/http');
const { startNotifyService } = await import('./index.js');
const { cpuNiceOf } = await import('./config.js');
const { runAtLowerPriority } = await import('@onvelope/service-kit/work');

await runMain('svc-notify', async (env) => {
  const service = await startNotifyService(env);
  // The process is the service's alone here (tests start it inside theirs and keep their own
  // priority). After the start, which has checked NOTIFY_CPU_NICE with the rest of the settings.
  runAtLowerPriority(cpuNiceOf(env), 'process');
  return service;
});
