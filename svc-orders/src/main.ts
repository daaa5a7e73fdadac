import { runMain } from '@onvelope/service-kit';
import { startOrdersService } from './index.js';

await runMain('svc-orders', startOrdersService);
