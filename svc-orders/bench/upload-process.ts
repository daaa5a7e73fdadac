/**
 * Seller A's upload as a process of its own (`uploadFromAnotherProcess` in support.ts): a seller's
 * browser is not on the event loop that times another seller's calls. Prints the seconds the
 * import took; exits non-zero when it failed.
 */
import { upload } from './support.js';

const [gatewayUrl, token, rows] = process.argv.slice(2);
process.stdout.write(`${await upload(gatewayUrl!, token!, Number(rows))}\n`);
