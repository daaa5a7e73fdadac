import { createService, type Env } from '@onvelope/service-kit';
import { configSchema } from './config.js';

export function startBillingService(env: Env) {
  return createService({ name: 'svc-billing', env, configSchema });
}
