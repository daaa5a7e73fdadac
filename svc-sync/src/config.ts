import { serviceConfigSchema } from '@onvelope/service-kit';

export const configSchema = serviceConfigSchema({ port: 4003, database: 'onvelope_sync' }, {});
