import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, portRangeOf } from './free-port.js';

describe('freePort', () => {
  it('answers a port below the range of outgoing connections that a server can then listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);

    const server = createServer();
    await new Promise<void>((listening, failed) => {
      server.once('error', failed);
      server.listen(port, '127.0.0.1', listening);
    });
    await new Promise((closed) => server.close(closed));
  });

  it('never hands out a port again while it may still be waiting for its program', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
  });

  it('gives test workers that run at once slices of the range that do not overlap', () => {
    const one = portRangeOf('1');
    const two = portRangeOf('2');
    expect(one.lowest).toBe(20_000);
    expect(two.lowest).toBe(one.highest + 1);
    expect(portRangeOf('8').highest).toBeLessThan(32_768);
    expect(portRangeOf(undefined)).toEqual({ lowest: 20_000, highest: 32_767 });
  });
});
