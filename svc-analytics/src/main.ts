import { runMain } from '@onvelope/service-kit';
import { startAnalyticsService } from './index.js';

await runMain('svc-analytics', startAnalyticsService);
