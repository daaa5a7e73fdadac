import { connect } from 'node:net';

/** Whether something accepts TCP connections at the URL's host and port. */
export function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Resolves with everything the stream has given once `done` accepts it, keeping the stream
 * open (breaking out of `for await` would destroy it, and the child's next write would fail).
 */
export function readUntil(
  stream: NodeJS.ReadableStream,
  done: (text: string) => boolean,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer | string): void => {
      text += String(chunk);
      if (!done(text)) return;
      stream.off('data', onData);
      resolve(text);
    };
    stream.on('data', onData);
    stream.once('end', () =>
      reject(new Error(`stream ended before the expected output:\n${text}`)),
    );
  });
}
