import { serviceConfigSchema } from '@onvelope/service-kit';

export const configSchema = serviceConfigSchema({ port: 4002, database: 'onvelope_orders' }, {});
