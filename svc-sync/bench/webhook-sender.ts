/**
 * EasyPost's side of the intake (`webhookSenderProcess` in tracking-support.ts), as a process of
 * its own: says `ready`, and on `go` sends the Events through the gateway with a fixed number in
 * flight on kept-alive connections (and, with `perSecond`, no faster than that rate), each made and
 * signed as it is sent: a list of them all would grow with BENCH_EVENTS (about 40 MB of heap at
 * 100,000), and the signing is in the sender's CPU either way. An Event answered other than 200 is sent again (EasyPost retries), so every Event is
 * taken in once the sender ends. Prints `taken <n> <epoch ms>` for each Event of a followed
 * shipment, then a JSON summary line.
 */
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { signWebhookBody } from '@onvelope/tracking-sim';
import {
  eventFor,
  takenPrefix,
  webhookPath,
  type BenchShipment,
  type SenderSettings,
} from './tracking-support.js';

const settings = JSON.parse(process.argv[2]!) as SenderSettings;
const shipments = JSON.parse(readFileSync(settings.shipmentsFile, 'utf8')) as BenchShipment[];
const signedEvent = (n: number) => {
  const { body } = eventFor(shipments, settings.clock, n);
  return { n, body, signature: signWebhookBody(body, settings.secret) };
};
const { hostname, port } = new URL(settings.url);
const agent = new Agent({ keepAlive: true, maxSockets: settings.inFlight });

const post = (event: ReturnType<typeof signedEvent>) =>
  new Promise<number>((resolve) => {
    const call = request(
      {
        agent,
        hostname,
        port,
        method: 'POST',
        path: webhookPath,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(event.body),
          'x-hmac-signature': event.signature,
        },
      },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve(answer.statusCode ?? 0));
        answer.once('error', () => resolve(0));
      },
    );
    call.once('error', () => resolve(0));
    call.end(event.body);
  });

const commands = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
const [command] = (await once(commands, 'line')) as [string];
if (command !== 'go') throw new Error(`expected "go", not "${command}"`);
commands.close();

const statuses: Record<string, number> = {};
let refused = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: settings.inFlight }, async () => {
    while (next < settings.count) {
      const index = next++;
      if (settings.perSecond > 0) {
        const dueMs = started + (index * 1000) / settings.perSecond - performance.now();
        if (dueMs > 0) await sleep(dueMs);
      }
      const event = signedEvent(settings.from + index);
      for (;;) {
        const status = await post(event);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) break;
        refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (event.n % shipments.length < settings.followBelow) {
        process.stdout.write(`${takenPrefix}${event.n} ${Date.now()}\n`);
      }
    }
  }),
);
const elapsedMs = performance.now() - started;
const { user, system } = process.cpuUsage();
const cpuMs = (user + system) / 1000;
process.stdout.write(
  `${JSON.stringify({ events: settings.count, elapsedMs, refused, statuses, cpuMs })}\n`,
);
agent.destroy();
