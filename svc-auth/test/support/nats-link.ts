import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP link to the real NATS server that a test can cut and restore: clients connected through it
 * see NATS go away (their sockets drop, reconnects are refused) and come back, as in an outage,
 * while the server itself and its JetStream streams stay as they were.
 */
export interface NatsLink {
  /** The NATS URL through the link (the credentials of the URL it was made for). */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startNatsLink(natsUrl: string): Promise<NatsLink> {
  const target = new URL(natsUrl);
  const sockets = new Set<Socket>();
  let up = true;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('link has no port');
  const url = new URL(natsUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
