import { runMain } from '@onvelope/service-kit';
import { startAuthService } from './index.js';

await runMain('svc-auth', startAuthService);
