/**
 * Seller A's upload as a process of its own (`uploaderInAnotherProcess` in support.ts): a seller's
 * browser is not on the event loop that times another seller's calls. Says `ready` once loaded,
 * sends the file when told `go` on stdin, then prints the seconds the import took; exits non-zero
 * when it failed.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { upload, uploaderGo, uploaderReady } from './support.js';

const [gatewayUrl, token, rows] = process.argv.slice(2);
const commands = createInterface({ input: process.stdin });
process.stdout.write(`${uploaderReady}\n`);
const [command] = (await once(commands, 'line')) as [string];
if (command !== uploaderGo) throw new Error(`expected "${uploaderGo}", not "${command}"`);
commands.close();
process.stdout.write(`${await upload(gatewayUrl!, token!, Number(rows))}\n`);
