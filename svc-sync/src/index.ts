import { createService, type Env } from '@onvelope/service-kit';
import { configSchema } from './config.js';

export function startSyncService(env: Env) {
  return createService({ name: 'svc-sync', env, configSchema });
}
