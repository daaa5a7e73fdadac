import { startTelemetry } from '@onvelope/service-kit/telemetry';

// Telemetry first: its instrumentations patch http and koa as the rest is imported.
await startTelemetry('gateway');
const { ConfigError } = await import('@onvelope/service-kit/config');
const { createLogger } = await import('@onvelope/service-kit/observability');
const { closeOnSignals, survivingStrayErrors } = await import('@onvelope/service-kit/http');
const { loadGatewayConfig } = await import('./config.js');
const { startGatewayWith } = await import('./index.js');

try {
  const config = loadGatewayConfig(process.env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  closeOnSignals(await startGatewayWith(config, logger), logger);
  survivingStrayErrors(logger);
} catch (error) {
  // A bad variable is the operator's to fix: name it plainly instead of printing a stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
