import { runMain } from '@onvelope/service-kit';
import { startBillingService } from './index.js';

await runMain('svc-billing', startBillingService);
