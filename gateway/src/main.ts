import {
  closeOnSignals,
  ConfigError,
  createLogger,
  survivingStrayErrors,
} from '@onvelope/service-kit';
import { loadGatewayConfig } from './config.js';
import { startGatewayWith } from './index.js';

try {
  const config = loadGatewayConfig(process.env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  closeOnSignals(await startGatewayWith(config, logger), logger);
  survivingStrayErrors(logger);
} catch (error) {
  // A bad variable is the operator's to fix: name it plainly instead of printing a stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
