import { connect, createServer, type Socket } from 'node:net';

export interface RoundRobin {
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP round-robin in front of several replicas of one app on loopback, as a Kubernetes Service
 * is in front of its pods (issue 40): each new connection goes to the next replica, and one that
 * refuses it (stopped, or starting again) is passed over for the one after, so a replica going
 * away costs the connections it held, not the next ones. A connection stays with its replica for
 * its life (HTTP keep-alive included).
 *
 * @example
 * const front = await startRoundRobin({ port: 4002, replicaPorts: [41001, 41002] });
 */
export async function startRoundRobin({
  port,
  replicaPorts,
  host = '127.0.0.1',
}: {
  port: number;
  replicaPorts: number[];
  /** Where it listens: loopback for a service, the gateway's own address for the gateway's front. */
  host?: string;
}): Promise<RoundRobin> {
  if (replicaPorts.length === 0) throw new Error('a round-robin needs at least one replica');
  const open = new Set<Socket>();
  let next = 0;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  /** Connects to the next replica that accepts, trying each once; null when none does. */
  const connectToReplica = async (): Promise<Socket | null> => {
    for (let tried = 0; tried < replicaPorts.length; tried += 1) {
      const replicaPort = replicaPorts[next % replicaPorts.length]!;
      next += 1;
      const upstream = await new Promise<Socket | null>((resolve) => {
        const socket = connect(replicaPort, '127.0.0.1');
        socket.once('connect', () => resolve(socket));
        socket.once('error', () => resolve(null));
      });
      if (upstream) return upstream;
    }
    return null;
  };

  const server = createServer((client) => {
    track(client);
    // What the client sends before its replica is chosen waits in the socket until it is piped.
    client.pause();
    client.on('error', () => client.destroy());
    void connectToReplica().then((upstream) => {
      if (!upstream || client.destroyed) {
        upstream?.destroy();
        client.resetAndDestroy();
        return;
      }
      track(upstream);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
