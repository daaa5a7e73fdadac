import { serviceConfigSchema } from '@onvelope/service-kit';

export const configSchema = serviceConfigSchema({ port: 4004, database: 'onvelope_billing' }, {});
