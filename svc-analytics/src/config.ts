import { serviceConfigSchema } from '@onvelope/service-kit';

export const configSchema = serviceConfigSchema({ port: 4005, database: 'onvelope_analytics' }, {});
