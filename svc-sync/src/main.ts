import { runMain } from '@onvelope/service-kit';
import { startSyncService } from './index.js';

await runMain('svc-sync', startSyncService);
