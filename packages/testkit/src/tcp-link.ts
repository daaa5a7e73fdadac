import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP link to a real server (NATS, MongoDB) that a test can cut and restore: clients connected
 * through it see the server go away (their connections are reset, new ones too) and come back, as
 * in a network outage, while the server itself and what it stores stay as they were.
 */
export interface TcpLink {
  /** The server's URL through the link (with the credentials and options of the URL it was made for). */
  url: string;
  cut(): void;
  restore(): void;
  /**
   * Cuts the link the moment the server answers a request that `isRequest` picks (given what a
   * client sent since its last answer): the server has received and done the request, the client
   * never hears so, the worst moment for a write to be cut. Resolves once cut.
   */
  cutBeforeAnswerTo(isRequest: (sent: Buffer) => boolean): Promise<void>;
  /**
   * Cuts the link the moment a client sends a request that `isRequest` picks (given what it sent
   * since its last answer), before the server receives it whole: a cut at a known point between two
   * requests. Resolves once cut.
   */
  cutInsteadOf(isRequest: (sent: Buffer) => boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a link on a free local port to the host and port of `serverUrl`.
 *
 * @example
 * const link = await startTcpLink(testInfra().mongoUrl);
 * const service = await startService(startOrdersService, { MONGO_URL: link.url });
 * link.cut(); // ... the service answers 503 ...
 * link.restore();
 */
export async function startTcpLink(serverUrl: string): Promise<TcpLink> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  let up = true;
  interface Trigger {
    isRequest: (sent: Buffer) => boolean;
    done: () => void;
  }
  let armed: Trigger | undefined;
  let armedRequest: Trigger | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  // A cut resets the connections (RST), as a network failure does. A graceful close (FIN) from a
  // server without `topologyVersion` (mongo-java-server) leaves MongoDB driver 6.x's monitor waiting
  // on a half-closed socket for good; see the issue 14 report.
  const cut = () => {
    up = false;
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const forward = (from: Socket, to: Socket, onChunk: (chunk: Buffer) => boolean) => {
    from.on('data', (chunk: Buffer) => {
      if (!onChunk(chunk) || to.write(chunk)) return;
      from.pause();
      to.once('drain', () => from.resume());
    });
  };
  const server = createServer((client) => {
    track(client);
    if (!up) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    // What the client sent since its last answer, kept only while a cut waits for a request.
    let sent: Buffer[] = [];
    forward(client, upstream, (chunk) => {
      if (!armed && !armedRequest) return true;
      sent.push(chunk);
      const trigger = armedRequest;
      if (trigger && trigger.isRequest(Buffer.concat(sent))) {
        armedRequest = undefined;
        cut();
        trigger.done();
        return false;
      }
      return true;
    });
    forward(upstream, client, () => {
      const trigger = armed;
      if (trigger && sent.length && trigger.isRequest(Buffer.concat(sent))) {
        armed = undefined;
        cut();
        trigger.done();
        return false;
      }
      sent = [];
      return true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('link has no port');
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut,
    restore() {
      up = true;
    },
    cutBeforeAnswerTo: (isRequest) =>
      new Promise<void>((resolve) => {
        armed = { isRequest, done: resolve };
      }),
    cutInsteadOf: (isRequest) =>
      new Promise<void>((resolve) => {
        armedRequest = { isRequest, done: resolve };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        armed = undefined;
        armedRequest = undefined;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
