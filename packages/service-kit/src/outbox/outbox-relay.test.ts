import type { Status } from '@nats-io/nats-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../observability/logger.js';
import { startOutboxRelay, type OutboxRelay } from './outbox-relay.js';

const log = createLogger('relay-test', 'silent');

/** The connection's status events as the test says, like nats.js's iterator (`stop` ends it). */
function fakeConnection() {
  const queue: Status[] = [];
  let next: (() => void) | undefined;
  let stopped = false;
  const iterator = {
    stop() {
      stopped = true;
      next?.();
    },
    async *[Symbol.asyncIterator]() {
      while (!stopped) {
        const status = queue.shift();
        if (status) yield status;
        else await new Promise<void>((resolve) => (next = resolve));
      }
    },
  };
  const say = (type: 'disconnect' | 'reconnect') => {
    queue.push({ type, server: '127.0.0.1:4222' } satisfies Status);
    next?.();
  };
  return {
    nats: { status: () => iterator },
    disconnect: () => say('disconnect'),
    reconnect: () => say('reconnect'),
    isStopped: () => stopped,
  };
}

/** Ends the rounds a test left running, so its relay can stop. */
const endLeftRounds: (() => void)[] = [];

/** A publish function whose rounds the test ends, one by one, with success or failure. */
function scriptedRounds() {
  const ends: { resolve: () => void; reject: (error: Error) => void }[] = [];
  endLeftRounds.push(() => ends.at(-1)?.resolve());
  let running = 0;
  let mostAtOnce = 0;
  let signal: AbortSignal | undefined;
  return {
    publishPending: (round: { signal: AbortSignal }) => {
      signal = round.signal;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      return new Promise<void>((resolve, reject) => ends.push({ resolve, reject })).finally(() => {
        running -= 1;
      });
    },
    /** Rounds started so far. */
    started: () => ends.length,
    running: () => running,
    mostAtOnce: () => mostAtOnce,
    signal: () => signal,
    succeed: async () => {
      ends.at(-1)?.resolve();
      await vi.advanceTimersByTimeAsync(0);
    },
    fail: async () => {
      ends.at(-1)?.reject(new Error('NATS did not acknowledge'));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('startOutboxRelay', () => {
  let relay: OutboxRelay | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    const stopping = relay?.stop();
    for (const end of endLeftRounds.splice(0)) end();
    await vi.runAllTimersAsync();
    await stopping;
    relay = undefined;
    vi.useRealTimers();
  });

  const start = (rounds: ReturnType<typeof scriptedRounds>, nats = fakeConnection().nats) => {
    relay = startOutboxRelay({
      name: 'test outbox',
      publishPending: rounds.publishPending,
      backlog: async () => ({ pending: 0, oldestAt: null }),
      nats,
      log,
      everyMs: 10_000,
      minRetryMs: 250,
      maxRetryMs: 1_000,
    });
    return relay;
  };

  it('runs a round at start, and one more after it for any number of kicks during it', async () => {
    const rounds = scriptedRounds();
    const relay = start(rounds);
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(1);
    relay.kick();
    relay.kick();
    relay.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(1);
    await rounds.succeed();
    expect(rounds.started()).toBe(2);
    await rounds.succeed();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds.started()).toBe(2);
    expect(rounds.mostAtOnce()).toBe(1);
  });

  it('runs a round when kicked while idle, and every `everyMs` when nothing asks', async () => {
    const rounds = scriptedRounds();
    const relay = start(rounds);
    await vi.advanceTimersByTimeAsync(0);
    await rounds.succeed();
    await vi.advanceTimersByTimeAsync(3_000);
    relay.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(2);
    await rounds.succeed();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(rounds.started()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.started()).toBe(3);
  });

  it('retries a failed round after a pause growing to its maximum, which kicks do not cut short', async () => {
    const rounds = scriptedRounds();
    const relay = start(rounds);
    await vi.advanceTimersByTimeAsync(0);
    const startedAfter = async (ms: number) => {
      const before = rounds.started();
      relay.kick();
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(rounds.started()).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(rounds.started()).toBe(before + 1);
    };
    await rounds.fail();
    await startedAfter(250);
    await rounds.fail();
    await startedAfter(500);
    await rounds.fail();
    await startedAfter(1_000);
    await rounds.fail();
    await startedAfter(1_000);
    // A success starts the pause over.
    await rounds.succeed();
    relay.kick();
    await vi.advanceTimersByTimeAsync(0);
    await rounds.fail();
    await startedAfter(250);
  });

  it('runs no round while NATS is away, and one as soon as it is back, cutting a pause short', async () => {
    const rounds = scriptedRounds();
    const connection = fakeConnection();
    const relay = start(rounds, connection.nats);
    await vi.advanceTimersByTimeAsync(0);
    connection.disconnect();
    await rounds.fail();
    relay.kick();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rounds.started()).toBe(1);

    connection.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(2);
    await rounds.fail();
    await vi.advanceTimersByTimeAsync(100);
    connection.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(3);
  });

  it('stops after the current round, telling it to end, and leaves no timer behind', async () => {
    const rounds = scriptedRounds();
    const connection = fakeConnection();
    const started = start(rounds, connection.nats);
    relay = undefined;
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = started.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.signal()?.aborted).toBe(true);
    expect(stopped).toBe(false);
    await rounds.fail();
    await stopping;
    expect(rounds.running()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(connection.isStopped()).toBe(true);
    started.kick();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rounds.started()).toBe(1);
  });
});
