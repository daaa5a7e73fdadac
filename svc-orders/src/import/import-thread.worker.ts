import { on } from 'node:events';
import { constants } from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Connection, Model } from 'mongoose';
import {
  continueStoredTrace,
  createLogger,
  createMetrics,
  type Logger,
  type Metrics,
} from '@onvelope/service-kit/observability';
import {
  connectNats,
  recordMessagingMetrics,
  type NatsConnection,
} from '@onvelope/service-kit/nats';
import { connectDatabase } from '@onvelope/service-kit/mongo';
import {
  foregroundCalls,
  runAtLowerPriority,
  type ForegroundCalls,
} from '@onvelope/service-kit/work';
import { startTelemetry, stopTelemetry } from '@onvelope/service-kit/telemetry';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { startTrackingEntryRelay } from '../events/tracking-entry-relay.js';
import { databaseTurns, type DatabaseTurns } from './database-turns.js';
import { importCsv } from './import-csv.js';
import type { SellerSettings } from './file-conventions.js';
import { previewImport } from '../use-cases/preview-import.js';
import { sellerCountryOf, sellerTimeZoneOf } from '../use-cases/seller-profiles.js';
import {
  errorFrom,
  passedError,
  type FileMessage,
  type FromThread,
  type ImportMessage,
  type ImportThreadSettings,
  type PreviewMessage,
  type ToThread,
} from './import-thread-messages.js';

/*
 * The import thread (see `import-thread.ts`): svc-orders' CSV imports run here, on their own
 * event loop and heap, with their own connections and their own outbox relay, so parsing,
 * planning, encoding, publishing and collecting an import's garbage never hold up the service's
 * other calls.
 */

const port = parentPort!;
const settings = workerData as ImportThreadSettings;
const send = (message: FromThread) => port.postMessage(message);

/**
 * The file's chunks as the service sends them on `file`; each chunk taken asks for the next, so
 * the service reads the upload no faster than the import takes it.
 */
async function* chunksFrom(file: MessagePort): AsyncGenerator<Buffer> {
  // The service no longer waits for this import (it lost track of the thread): end it.
  const letGo = new AbortController();
  file.once('close', () => letGo.abort());
  const messages = on(file, 'message', { signal: letGo.signal }) as AsyncIterable<[FileMessage]>;
  for await (const [message] of messages) {
    if (message.type === 'end') return;
    if (message.type === 'failed') throw errorFrom(message.error);
    file.postMessage({ type: 'taken' } satisfies ImportMessage);
    yield Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
  }
}

/** What the thread's imports run on: its own connections, metrics and outbox relay. */
interface ThreadContext {
  db: Connection;
  nats: NatsConnection;
  metrics: Metrics;
  foreground: ForegroundCalls;
  /** The turns the thread's imports take at the orders collection. */
  turns: DatabaseTurns;
  relay: ReturnType<typeof startTrackingEntryRelay>;
  entries: Model<TrackingEntryDocument>;
  log: Logger;
}

/** Connects the thread to the database and NATS and starts its relay. */
async function connect(log: Logger): Promise<ThreadContext> {
  const db = await connectDatabase(settings.mongoUrl, settings.dbName);
  const nats = await connectNats(settings.natsUrl, 'svc-orders-imports').catch(async (error) => {
    await db.close();
    throw error;
  });
  // The events this thread publishes, which the service's /metrics serves beside its own.
  const metrics = createMetrics({ service: 'svc-orders', defaultMetrics: false });
  recordMessagingMetrics(nats, metrics);
  const foreground = foregroundCalls(settings.foreground);
  const relay = startTrackingEntryRelay({ db, nats, log, foreground });
  const entries = trackingEntryModel(db);
  return { db, nats, metrics, foreground, turns: databaseTurns(), relay, entries, log };
}

/** What a file's reading may ask of the seller's account settings, through svc-auth. */
function sellerSettingsOf(
  { nats, log }: Pick<ThreadContext, 'nats' | 'log'>,
  accountId: string,
): SellerSettings {
  const asking = { nats, log, timeoutMs: settings.authTimeoutMs };
  return {
    country: () => sellerCountryOf(asking, accountId),
    timeZone: () => sellerTimeZoneOf(asking, accountId),
  };
}

/** Runs one import the service sent, answering on its `file` port. */
async function runImport(
  { nats, entries, foreground, turns, log }: ThreadContext,
  { accountId, rules, mapping, file, traceparent }: Extract<ToThread, { type: 'import' }>,
) {
  const answer = (message: ImportMessage) => file.postMessage(message);
  try {
    const result = await continueStoredTrace(traceparent, () =>
      importCsv(
        { entries, foreground, turns },
        {
          accountId,
          rules,
          mapping,
          file: chunksFrom(file),
          seller: sellerSettingsOf({ nats, log }, accountId),
        },
      ),
    );
    answer({ type: 'done', result });
  } catch (error) {
    answer({ type: 'failed', error: passedError(error) });
  } finally {
    file.close();
  }
}

/** Runs one preview the service sent, answering on its `reply` port. */
async function runPreview(
  { nats, log }: ThreadContext,
  {
    accountId,
    head,
    cut,
    given,
    templates,
    reply,
    traceparent,
  }: Extract<ToThread, { type: 'preview' }>,
) {
  const answer = (message: PreviewMessage) => reply.postMessage(message);
  try {
    const preview = await continueStoredTrace(traceparent, () =>
      previewImport({
        head: { bytes: Buffer.from(head.buffer, head.byteOffset, head.byteLength), cut },
        given,
        templates,
        seller: sellerSettingsOf({ nats, log }, accountId),
      }),
    );
    answer({ type: 'done', preview });
  } catch (error) {
    answer({ type: 'failed', error: passedError(error) });
  } finally {
    reply.close();
  }
}

/**
 * Ends the thread once the service has drained its uploads: an import still under way is
 * abandoned, as the service's own work would be (its outbox record is published from what is
 * stored, by whichever relay claims it next).
 */
async function stop({ relay, nats, db }: ThreadContext) {
  await relay.stop();
  await nats.drain().catch(() => nats.close());
  await db.close();
  await stopTelemetry();
  process.exit(0);
}

/** Answers the service's messages: an import, a preview, a scrape of the metrics, the stop. */
function serve(context: ThreadContext) {
  port.on('message', (message: ToThread) => {
    if (message.type === 'import') void runImport(context, message);
    else if (message.type === 'preview') void runPreview(context, message);
    else if (message.type === 'metrics') {
      void context.metrics.registry.getMetricsAsJSON().then((snapshot) => {
        message.reply.postMessage(snapshot);
        message.reply.close();
      });
    } else void stop(context);
  });
}

const log = createLogger('svc-orders', settings.logLevel).child({ thread: 'imports' });
// While the service answers calls, the database and the other services need the cores, and an
// import can wait for them; alone it has the cores to itself either way.
runAtLowerPriority(constants.priority.PRIORITY_BELOW_NORMAL, 'thread');
await startTelemetry('svc-orders');
connect(log).then(
  (context) => {
    serve(context);
    send({ type: 'ready' });
  },
  (error: unknown) => {
    send({ type: 'start-failed', error: passedError(error) });
    port.close();
  },
);
