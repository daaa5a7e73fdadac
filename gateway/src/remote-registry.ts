import type { GatewayConfig } from './config.js';

export interface RemoteRegistry {
  remotes: { name: string; entry: string }[];
}

/** Where the shell finds each remote's manifest at run time, so remotes deploy without a shell build. */
export function remoteRegistry(config: GatewayConfig): RemoteRegistry {
  return {
    remotes: [
      { name: 'mf_marketing', entry: config.REMOTE_MARKETING_URL },
      { name: 'mf_customer', entry: config.REMOTE_CUSTOMER_URL },
      { name: 'mf_merchant', entry: config.REMOTE_MERCHANT_URL },
    ],
  };
}
