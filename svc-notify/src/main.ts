import { runMain } from '@onvelope/service-kit';
import { startNotifyService } from './index.js';

await runMain('svc-notify', (env) => startNotifyService(env));
