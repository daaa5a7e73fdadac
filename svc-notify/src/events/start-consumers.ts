import type { EventConsumer } from '@onvelope/service-kit/nats';

/**
 * Starts durable consumers one after another as one: when one cannot start, those already started
 * are stopped before the error is thrown, so a service that fails to start leaves none behind.
 */
export async function startConsumers(
  starters: readonly (() => Promise<EventConsumer>)[],
): Promise<EventConsumer> {
  const started: EventConsumer[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((consumer) => consumer.stop()));
  };
  try {
    for (const start of starters) started.push(await start());
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { stop: stopAll };
}
