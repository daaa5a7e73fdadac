import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { NATS_SERVER, resolveGoBinary } from './go-binary.js';
import type { Env } from './paths.js';
import { launch, type InfraLog, type ManagedProcess } from './process.js';
import type { RunningPart } from './running-part.js';

export interface NatsClusterOptions {
  /** How many JetStream nodes (3 keeps a stream of 3 replicas writable with one node down). */
  nodes: number;
  env: Env;
  log: InfraLog;
}

/** One node of the cluster, which a fault run stops and starts again on the same ports and store. */
export interface NatsNode {
  name: string;
  url: string;
  running(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface RunningNatsCluster extends RunningPart {
  /** Every node's client URL, separated by commas (the form NATS_URL takes for a cluster). */
  url: string;
  nodes: NatsNode[];
}

const CLUSTER_NAME = 'onvelope';

/** How long a node's JetStream may take to join the cluster (a meta leader elected) once it listens. */
const JETSTREAM_READY_MS = 60_000;

/**
 * Starts a JetStream cluster of `nodes` nats-server processes on loopback (issue 40), each with its
 * own store in a temp dir (removed on stop), routes to every other node, and a monitoring port
 * whose `/healthz` says when its JetStream is ready. Resolves once every node says so.
 *
 * @example
 * const cluster = await startNatsCluster({ nodes: 3, env: process.env, log: console.error });
 * // NATS_URL=cluster.url; await cluster.nodes[0].stop(); ... await cluster.nodes[0].start();
 */
export async function startNatsCluster({
  nodes: count,
  env,
  log,
}: NatsClusterOptions): Promise<RunningNatsCluster> {
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`a NATS cluster needs a whole number of nodes, not ${count}`);
  const binary = await resolveGoBinary(NATS_SERVER, env, log);
  const root = await mkdtemp(join(tmpdir(), 'onvelope-nats-cluster-'));
  // Fixed ports for each node's life: a node started again is found where its peers and clients
  // knew it.
  const ports: { client: number; route: number; monitor: number }[] = [];
  for (let index = 0; index < count; index += 1)
    ports.push({ client: await freePort(), route: await freePort(), monitor: await freePort() });
  const routes = ports.map((port) => `nats://127.0.0.1:${port.route}`).join(',');

  const nodes = ports.map((port, index): NatsNode => {
    const name = `nats-${index + 1}`;
    const storeDir = join(root, name);
    let server: ManagedProcess | undefined;
    const node: NatsNode = {
      name,
      url: `nats://127.0.0.1:${port.client}`,
      running: () => server !== undefined,
      async start() {
        if (server) return;
        await mkdir(storeDir, { recursive: true });
        const started = await launch({
          name,
          command: binary,
          args: [
            ...['-a', '127.0.0.1', '-p', String(port.client), '-m', String(port.monitor)],
            ...['-n', name, '-js', '-sd', storeDir],
            ...['--cluster_name', CLUSTER_NAME, '--cluster', `nats://127.0.0.1:${port.route}`],
            ...['--routes', routes],
          ],
          env,
          ready: (output) => (/Server is ready/.test(output) ? true : undefined),
        });
        server = started.process;
        await jetStreamReady(name, port.monitor);
      },
      async stop() {
        const running = server;
        server = undefined;
        await running?.stop();
      },
    };
    return node;
  });

  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await rm(root, { recursive: true, force: true });
  };
  try {
    // Together: a node's JetStream waits for a quorum of its peers before it says it is ready.
    await Promise.all(nodes.map((node) => node.start()));
    await everyPeerCurrent(
      nodes.map((node, index) => ({ name: node.name, monitor: ports[index]!.monitor })),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  log(
    `NATS: ${binary}, a JetStream cluster of ${count} on ports ${ports.map((p) => p.client).join(', ')}`,
  );
  return { url: nodes.map((node) => node.url).join(','), nodes, stop };
}

/** What a node's `/jsz` says of the JetStream meta group (the fields read here). */
interface MetaGroupAnswer {
  meta_cluster?: {
    leader?: string;
    replicas?: { name: string; current: boolean; offline?: boolean }[];
  };
}

/**
 * Asks `check` every `everyMs` until it answers `true`, for `JETSTREAM_READY_MS` at most; then
 * throws `notReady` with the last reason it gave (its answer, or what it threw).
 */
async function untilReady(
  notReady: string,
  everyMs: number,
  check: () => Promise<true | string>,
): Promise<void> {
  const until = Date.now() + JETSTREAM_READY_MS;
  let last = '';
  while (Date.now() < until) {
    try {
      const answer = await check();
      if (answer === true) return;
      last = answer;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${notReady} after ${JETSTREAM_READY_MS} ms: ${last}`);
}

/**
 * Resolves once the meta leader counts every other node as a current, online peer. A node's
 * `/healthz` is ready once a quorum has elected a leader, which may be before the leader has heard
 * from the last node: a stream of three replicas asked for then is refused ("no suitable peers for
 * placement, peer offline"), and a service starting on the cluster fails.
 */
function everyPeerCurrent(nodes: { name: string; monitor: number }[]): Promise<void> {
  return untilReady("the JetStream cluster's peers were not all current", 100, async () => {
    // A node that does not answer yet is passed over: the leader may be another.
    let unanswered = '';
    for (const node of nodes) {
      let meta: MetaGroupAnswer['meta_cluster'];
      try {
        meta = (
          (await (await fetch(`http://127.0.0.1:${node.monitor}/jsz`)).json()) as MetaGroupAnswer
        ).meta_cluster;
      } catch (error) {
        unanswered = `${node.name}: ${String(error)}`;
        continue;
      }
      if (meta?.leader !== node.name) continue;
      const peers = meta.replicas ?? [];
      return (
        (peers.length === nodes.length - 1 && peers.every((p) => p.current && !p.offline)) ||
        `leader ${node.name} sees ${JSON.stringify(peers)}`
      );
    }
    return unanswered || 'no node is the meta leader';
  });
}

/** Waits until the node's monitoring endpoint says its JetStream is healthy (part of the cluster). */
function jetStreamReady(name: string, monitorPort: number): Promise<void> {
  return untilReady(`${name}: JetStream not ready`, 250, async () => {
    const answer = await fetch(`http://127.0.0.1:${monitorPort}/healthz`);
    return answer.ok || (await answer.text());
  });
}
