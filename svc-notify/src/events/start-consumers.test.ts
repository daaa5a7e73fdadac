import { describe, expect, it } from 'vitest';
import type { EventConsumer } from '@onvelope/service-kit/nats';
import { startConsumers } from './start-consumers.js';

function consumer(stopped: string[], name: string) {
  return async (): Promise<EventConsumer> => ({
    stop: async () => {
      stopped.push(name);
    },
  });
}

describe('startConsumers', () => {
  it('stops the consumers already started when a later one cannot start', async () => {
    const stopped: string[] = [];
    const failing = async (): Promise<EventConsumer> => {
      throw new Error('stream missing');
    };
    await expect(
      startConsumers([consumer(stopped, 'first'), consumer(stopped, 'second'), failing]),
    ).rejects.toThrow('stream missing');
    expect(stopped.sort()).toEqual(['first', 'second']);
  });

  it('stops every consumer it started when stopped', async () => {
    const stopped: string[] = [];
    const all = await startConsumers([consumer(stopped, 'first'), consumer(stopped, 'second')]);
    expect(stopped).toEqual([]);
    await all.stop();
    expect(stopped.sort()).toEqual(['first', 'second']);
  });
});
