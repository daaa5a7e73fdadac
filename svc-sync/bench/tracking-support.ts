/**
 * What the live tracking bench (`tracking.bench.ts`) adds to the testkit's bench helpers: the
 * tracking simulator as a process of its own, the webhook Events it sends, the webhook sender
 * process, calls through the gateway on kept-alive connections, and CPU read per process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort } from '@onvelope/infra';
import { processCpuMs } from '@onvelope/testkit';

/** A shipment the bench sends Events about: what svc-sync stored when it registered it. */
export interface BenchShipment {
  trackerId: string;
  trackingNumber: string;
  entryId: string;
}

export const webhookPath = '/api/tracking/webhooks/easypost';

/**
 * Event `n` of a run: a `tracker.updated` of shipment `n % shipments.length`, one second later
 * than Event `n - 1` (from `clock`), so the last Event of a shipment is the one its order keeps.
 */
export function eventFor(shipments: readonly BenchShipment[], clock: number, n: number) {
  const shipment = shipments[n % shipments.length]!;
  const at = new Date(clock + n * 1_000).toISOString();
  const body = JSON.stringify({
    object: 'Event',
    id: `evt_bench_${n}`,
    description: 'tracker.updated',
    result: {
      id: shipment.trackerId,
      object: 'Tracker',
      tracking_code: shipment.trackingNumber,
      status: 'in_transit',
      status_detail: 'arrived_at_facility',
      carrier: 'USPS',
      updated_at: at,
      tracking_details: [
        {
          object: 'TrackingDetail',
          message: 'Arrived at facility',
          status: 'in_transit',
          status_detail: 'arrived_at_facility',
          datetime: at,
          tracking_location: { city: 'MEMPHIS', state: 'TN', country: 'US' },
        },
      ],
    },
  });
  return { body, at, shipment };
}

export interface RunningProcess {
  name: string;
  pid: number;
  url: string;
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * `node` and its arguments, under `nice -n <outsideNice>` when one is given: the simulator and the
 * webhook sender stand for systems that are not on svc-sync's machine, and at a lower priority they
 * give the CPU to the system under test first (every thread: `nice` is inherited, where a priority
 * set on a running process is its main thread's alone).
 */
function nodeCommand(args: string[], outsideNice: number): [string, string[]] {
  return outsideNice > 0
    ? ['nice', ['-n', String(outsideNice), process.execPath, ...args]]
    : [process.execPath, args];
}

/**
 * The EasyPost simulator (`tools/tracking-sim`, its built `main.js`) as a process of its own, as
 * EasyPost is not on svc-sync's machine. Its parcels never move by themselves (`stepMs` an hour):
 * every Event the bench measures is its own.
 */
export async function startTrackingSimProcess(outsideNice = 0): Promise<RunningProcess> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../../tools/tracking-sim/dist/main.js', import.meta.url));
  const child = spawn(...nodeCommand([main], outsideNice), {
    env: { ...process.env, PORT: String(port), TRACKING_SIM_STEP_MS: '3600000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error('the tracking simulator exited before it was ready');
    try {
      if ((await fetch(`${url}/_admin/webhooks`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('the tracking simulator was not ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: 'tracking-sim',
    pid: child.pid!,
    url,
    cpuMs: () => processCpuMs(child.pid!),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What the webhook sender is told to send (see `webhook-sender.ts`). */
export interface SenderSettings {
  url: string;
  secret: string;
  shipmentsFile: string;
  clock: number;
  from: number;
  count: number;
  inFlight: number;
  /** Events a second at most, as a provider spreads its webhooks; 0: as fast as `inFlight` allows. */
  perSecond: number;
  /** Events of shipments with an index below this are followed (`onTaken`). */
  followBelow: number;
}

/** What the webhook sender prints once done (see `webhook-sender.ts`). */
export interface SenderResult {
  events: number;
  elapsedMs: number;
  /** Answers other than 200 (each Event is sent again until 200, as EasyPost retries). */
  refused: number;
  statuses: Record<string, number>;
  /** The sender's own CPU, user and system, from its start (it has ended when this is read). */
  cpuMs: number;
}

/** The sender's line for an Event of the followed set: `taken <n> <epoch ms of its 200>`. */
export const takenPrefix = 'taken ';

/**
 * The webhook sender (`webhook-sender.ts`) as a process of its own: EasyPost's Events do not come
 * from the event loop that times the other seller's dashboard. Resolves once it is ready;
 * `start()` sends the Events, `onTaken` hears of each followed Event's acceptance. It runs under
 * `nice -n <outsideNice>` when one is given, as the simulator does.
 */
export async function webhookSenderProcess(
  settings: SenderSettings,
  outsideNice = 0,
): Promise<{
  pid: number;
  start(onTaken: (n: number, at: number) => void): Promise<SenderResult>;
}> {
  const child = spawn(
    ...nodeCommand(
      [
        ...process.execArgv,
        fileURLToPath(new URL('./webhook-sender.ts', import.meta.url)),
        JSON.stringify(settings),
      ],
      outsideNice,
    ),
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = once(child, 'exit') as Promise<[number | null]>;
  if ((await lines.next()).value !== 'ready') {
    child.kill();
    throw new Error(`the webhook sender failed (exit code ${(await exited)[0]})`);
  }
  return {
    pid: child.pid!,
    async start(onTaken) {
      child.stdin.end('go\n');
      let result: SenderResult | undefined;
      for (;;) {
        const { value, done } = await lines.next();
        if (done) break;
        const text = value as string;
        if (text.startsWith(takenPrefix)) {
          const [n, at] = text.slice(takenPrefix.length).split(' ').map(Number);
          onTaken(n!, at!);
        } else result = JSON.parse(text) as SenderResult;
      }
      const [code] = await exited;
      if (code !== 0 || !result) throw new Error(`the webhook sender failed (exit code ${code})`);
      return result;
    },
  };
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => brotliDecompressSync(body),
  gzip: (body) => gunzipSync(body),
};

/**
 * A call through the gateway on a kept-alive connection, accepting brotli or gzip as a browser
 * does; answers the status and the decoded JSON. (svc-orders' bench `getAs` does the same for GET;
 * it is not importable from here: bench folders are no package's entry point.)
 */
export function caller(baseUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(baseUrl);
  return (method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const call = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            'accept-encoding': 'br, gzip',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.once('error', reject);
          answer.once('end', () => {
            const raw = Buffer.concat(chunks);
            const decode = decoders[answer.headers['content-encoding'] ?? ''];
            const text = (decode ? decode(raw) : raw).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: answered as text
            }
            resolve({ status: answer.statusCode ?? 0, body: parsed });
          });
        },
      );
      call.once('error', reject);
      call.end(payload);
    });
}

/**
 * Processes this bench started, directly or through the infrastructure's launchers (the
 * MongoDB-compatible server is a JVM, NATS a Go binary), by their command line.
 */
export async function descendantsOf(pid: number): Promise<{ pid: number; command: string }[]> {
  const found: { pid: number; command: string }[] = [];
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const isDescendant = (child: number): boolean => {
    const parent = parents.get(child);
    return parent === pid || (parent !== undefined && parent > 1 && isDescendant(parent));
  };
  for (const child of parents.keys()) {
    if (!isDescendant(child)) continue;
    try {
      const command = (await readFile(`/proc/${child}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      found.push({ pid: child, command });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** CPU ms of this process (all threads), as `processCpuMs` reads a child's. */
export const ownCpuMs = () => processCpuMs(process.pid);
