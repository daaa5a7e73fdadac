import { federatedAppConfig } from '@onvelope/web-build';

// The host: no exposes, so its remotes are registered at run time from /remotes.json.
export default federatedAppConfig({
  dir: import.meta.dirname,
  name: 'shell',
  devPort: 3000,
  devProxy: {
    paths: ['/api', '/auth', '/remotes.json'],
    target: process.env.GATEWAY_URL ?? 'http://localhost:8080',
  },
});
