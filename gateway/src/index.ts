import { type Env } from '@onvelope/service-kit/config';
import { createLogger, type Logger } from '@onvelope/service-kit/observability';
import { connectNats } from '@onvelope/service-kit/nats';
import { connectDatabase } from '@onvelope/service-kit/mongo';
import { listen, type RunningService } from '@onvelope/service-kit/http';
import { followedApiKeyCache } from './api-keys.js';
import { createGatewayApp } from './app.js';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { inProcessCounters, sharedCountersIn } from './rate-limit.js';
import { createUpstreamAgent } from './upstream-agent.js';

export { createGatewayApp } from './app.js';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config.js';

/** Starts the gateway with already-parsed settings; `close()` drains in-flight requests. */
export async function startGatewayWith(
  config: GatewayConfig,
  logger: Logger,
): Promise<RunningService> {
  const upstreamAgent = createUpstreamAgent();
  const sharedDb = config.RATE_LIMIT_MONGO_URL
    ? await connectDatabase(config.RATE_LIMIT_MONGO_URL, config.RATE_LIMIT_MONGO_DB)
    : undefined;
  const rateLimitCounters = sharedDb
    ? await sharedCountersIn(sharedDb, config.RATE_LIMIT_WINDOW_MS, logger)
    : inProcessCounters(config.RATE_LIMIT_WINDOW_MS);
  // Sellers' API keys are asked of svc-auth, and their revocations heard, over NATS.
  const nats = config.NATS_URL ? await connectNats(config.NATS_URL, 'gateway') : undefined;
  const apiKeys = nats ? followedApiKeyCache(nats, logger) : undefined;
  let draining = false;
  const app = createGatewayApp(config, logger, {
    upstreamAgent,
    rateLimitCounters,
    apiKeys: apiKeys?.cache,
    isDraining: () => draining,
  });
  const running = await listen(app, {
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    drainDelayMs: config.DRAIN_DELAY_MS,
    onDraining: () => {
      draining = true;
    },
    onClosed: async () => {
      upstreamAgent.destroy();
      apiKeys?.stop();
      await nats?.close();
      await sharedDb?.close();
      logger.info('gateway stopped');
    },
  });
  logger.info(
    {
      url: running.url,
      frontends: config.SERVE_FRONTENDS,
      sharedRateLimits: Boolean(sharedDb),
      apiKeys: Boolean(nats),
    },
    'gateway listening',
  );
  if (!config.METRICS_TOKEN && config.NODE_ENV === 'production')
    logger.warn('METRICS_TOKEN is not set: GET /metrics is refused to every caller');
  return running;
}

/**
 * Starts the gateway from environment variables, in this process.
 *
 * @example
 * const gateway = await startGateway({ PORT: '0', ORDERS_SERVICE_URL: 'http://127.0.0.1:5002' });
 * await fetch(`${gateway.url}/api/docs`);
 * await gateway.close();
 */
export async function startGateway(env: Env): Promise<RunningService> {
  const config = loadGatewayConfig(env);
  return startGatewayWith(config, createLogger('gateway', config.LOG_LEVEL));
}
