import { serviceConfigSchema } from '@onvelope/service-kit';

export const configSchema = serviceConfigSchema({ port: 4001, database: 'onvelope_auth' }, {});
