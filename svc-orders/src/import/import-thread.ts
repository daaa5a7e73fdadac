import { once } from 'node:events';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import type { ColumnMapping, ImportPreview, UploadResult } from '@onvelope/contracts';
import {
  outgoingTraceparent,
  type Logger,
  type MetricsSnapshot,
} from '@onvelope/service-kit/observability';
import { moduleBeside, startModuleWorker, type ForegroundCalls } from '@onvelope/service-kit/work';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';
import type { FileHead } from '../use-cases/preview-import.js';
import type { SavedMapping } from '../data/import-template.model.js';
import type { MappingChoice } from './map-columns.js';
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

/**
 * File chunks sent ahead of what the import has taken: enough to keep it busy while the next
 * arrives, few enough that a file never piles up in memory (the multipart reader hands over at
 * most a socket read, 64 KiB).
 */
const CHUNKS_AHEAD = 4;
/** How long a scrape of the service's metrics waits for the thread's. */
const METRICS_WAIT_MS = 2_000;
/** How long a stopping thread may take to close its relay and connections before it is ended. */
const STOP_GRACE_MS = 10_000;
/**
 * The thread's heap. An import holds two batches of 1,000 orders and up to 10,000 changes for the
 * relay (about 5 MB): 52-60 MB live during a 100,000-row import when it ran on the service's heap.
 */
const THREAD_HEAP_MB = 128;

/**
 * The thread's young generation, where every row's short-lived objects are made. Left to V8, a
 * worker given a heap limit got so small a one that garbage collection took 36 % of the import's
 * CPU: 100,000 rows took 87 s (0.13 of the driver's insert rate); with 48 MB, 23.5 s (0.54), and
 * the service's peak RSS grew by 73 MB (svc-orders/bench/README.md, 2026-11-28).
 */
const THREAD_YOUNG_MB = 48;

export interface ImportInput {
  accountId: string;
  rules: KeywordRuleLike[];
  file: AsyncIterable<Buffer>;
  /** The mapping sent with the file and the seller's saved ones (issue 39); none by default. */
  mapping?: MappingChoice;
}

export interface PreviewInput {
  accountId: string;
  head: FileHead;
  given: ColumnMapping | null;
  templates: SavedMapping[];
}

export interface ImportThread {
  /** Imports a seller's file in the thread (`importCsv`); answers and fails as it does. */
  importCsv(input: ImportInput): Promise<UploadResult>;
  /** Previews the head of a file in the thread (`previewImport`); answers and fails as it does. */
  previewImport(input: PreviewInput): Promise<ImportPreview>;
  /** The thread's metrics (the events it published); none while no thread runs. */
  metrics(): Promise<MetricsSnapshot>;
  /** Ends the thread once its relay and connections are closed; imports under way fail. */
  stop(): Promise<void>;
}

/** A thread that ended without being asked, and the imports it had under way. */
const threadLost = () => new Error('the import thread stopped unexpectedly');

/** A started thread, and how to fail each import under way on it should it be lost. */
interface RunningThread {
  worker: Worker;
  underWay: Set<(error: Error) => void>;
}

/**
 * Starts the thread svc-orders' imports run in (`import-thread.worker.ts`): CSV parsing, the
 * import's writes and the publishing of their changes take their own event loop and heap, so the
 * service's other calls are not held up by an import's steps or its garbage collection (issue 18).
 * The imports still give way to the service's calls, through `foreground`'s shared state. A
 * thread that ends unexpectedly fails the imports it had under way and is started again for the
 * next one.
 */
export async function startImportThread(
  settings: Omit<ImportThreadSettings, 'foreground'> & { foreground: ForegroundCalls },
  log: Logger,
  /** The thread's module; another one only in tests of how a lost thread is handled. */
  entry = moduleBeside(import.meta.url, 'import-thread.worker'),
): Promise<ImportThread> {
  const imports = new WorkerImportThread(
    { ...settings, foreground: settings.foreground.state },
    log,
    entry,
  );
  await imports.startThread();
  return imports;
}

/** The import thread as the service sees it: started again when lost, stopped with the service. */
class WorkerImportThread implements ImportThread {
  private stopping = false;
  /** The thread running or starting, until it ends or fails to start. */
  private thread: Promise<RunningThread> | undefined;

  constructor(
    private readonly workerData: ImportThreadSettings,
    private readonly log: Logger,
    private readonly entry: URL,
  ) {}

  /** Starts a thread; it is `thread` until it ends or fails to start. */
  startThread(): Promise<RunningThread> {
    const worker = startModuleWorker(this.entry, {
      workerData: this.workerData,
      resourceLimits: {
        maxOldGenerationSizeMb: THREAD_HEAP_MB,
        maxYoungGenerationSizeMb: THREAD_YOUNG_MB,
      },
    });
    // The service's server keeps the process alive; a service whose start failed after this must
    // still be able to exit.
    worker.unref();
    const running: RunningThread = { worker, underWay: new Set() };
    const ready = new Promise<RunningThread>((resolve, reject) => {
      worker.once('message', (message: FromThread) => {
        if (message.type === 'ready') resolve(running);
        else {
          reject(errorFrom(message.error));
          void worker.terminate();
        }
      });
      worker.once('error', reject);
      worker.once('exit', () => reject(threadLost()));
    });
    const lost = (error: Error) => {
      if (this.thread === ready) this.thread = undefined;
      for (const fail of running.underWay) fail(error);
    };
    worker.on('error', (error) => {
      this.log.error({ err: error }, 'import thread failed');
      lost(error);
    });
    worker.on('exit', (code) => {
      if (!this.stopping) this.log.error({ code }, 'import thread ended');
      lost(threadLost());
    });
    this.thread = ready;
    return ready;
  }

  /**
   * A channel to the thread for one request, and its answer: `onMessage` settles it with `done`
   * or `fail` (`onSettle` runs then), and the thread's loss fails it.
   */
  private async request<M, T>(
    onMessage: (message: M, done: (value: T) => void, fail: (error: Error) => void) => void,
    onSettle?: () => void,
  ) {
    if (this.stopping) throw new Error('the import thread is stopping');
    const { worker, underWay } = await (this.thread ?? this.startThread());
    const { port1: here, port2: there } = new MessageChannel();
    const answer = new Promise<T>((resolve, reject) => {
      const settle = () => {
        onSettle?.();
        underWay.delete(fail);
        here.close();
      };
      const fail = (error: Error) => {
        settle();
        reject(error);
      };
      const done = (value: T) => {
        settle();
        resolve(value);
      };
      underWay.add(fail);
      here.on('message', (message: M) => onMessage(message, done, fail));
    });
    return { worker, here, there, answer };
  }

  async importCsv({ accountId, rules, file, mapping = {} }: ImportInput): Promise<UploadResult> {
    const flow = new FileFlow();
    const { worker, here, there, answer } = await this.request<ImportMessage, UploadResult>(
      (message, done, fail) => {
        if (message.type === 'taken') flow.taken();
        else if (message.type === 'done') done(message.result);
        else fail(errorFrom(message.error));
      },
      () => flow.settle(),
    );
    const traceparent = outgoingTraceparent();
    worker.postMessage(
      { type: 'import', accountId, rules, mapping, file: there, traceparent } satisfies ToThread,
      [there],
    );
    // Beside the answer, not before it: a refusal is answered at once, not at the next chunk a
    // slow client sends (the file's owner ends the file when the request is answered).
    void sendFile(file, here, flow);
    return answer;
  }

  async previewImport({ accountId, head, given, templates }: PreviewInput): Promise<ImportPreview> {
    const { worker, there, answer } = await this.request<PreviewMessage, ImportPreview>(
      (message, done, fail) => {
        if (message.type === 'done') done(message.preview);
        else fail(errorFrom(message.error));
      },
    );
    // A copy of the head alone, moved: a Buffer is often a view of a larger pool.
    const bytes = new Uint8Array(head.bytes);
    worker.postMessage(
      {
        type: 'preview',
        accountId,
        head: bytes,
        cut: head.cut,
        given,
        templates,
        reply: there,
        traceparent: outgoingTraceparent(),
      } satisfies ToThread,
      [there, bytes.buffer],
    );
    return answer;
  }

  async metrics(): Promise<MetricsSnapshot> {
    const running = await this.thread?.catch(() => undefined);
    if (!running) return [];
    const { port1: here, port2: there } = new MessageChannel();
    running.worker.postMessage({ type: 'metrics', reply: there } satisfies ToThread, [there]);
    try {
      const [snapshot] = (await once(here, 'message', {
        signal: AbortSignal.timeout(METRICS_WAIT_MS),
      })) as [MetricsSnapshot];
      return snapshot;
    } catch {
      // A thread busy past the wait, or lost meanwhile: this scrape goes without its series.
      return [];
    } finally {
      here.close();
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const running = await this.thread?.catch(() => undefined);
    if (!running) return;
    const { worker } = running;
    worker.postMessage({ type: 'stop' } satisfies ToThread);
    const ended = once(worker, 'exit');
    const late = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await ended;
    clearTimeout(late);
  }
}

/**
 * How much of one import's file may be sent ahead of what the thread has taken (`CHUNKS_AHEAD`),
 * and whether its answer has come (then nothing more is sent).
 */
class FileFlow {
  private ahead = CHUNKS_AHEAD;
  private wake: (() => void) | undefined;
  private answered = false;

  get settled() {
    return this.answered;
  }

  /** The thread took a chunk: one more may go. */
  taken() {
    this.ahead += 1;
    this.wake?.();
  }

  /** The import answered: the sender stops. */
  settle() {
    this.answered = true;
    this.wake?.();
  }

  /** Waits until a chunk may be sent or the import has answered; true when one may be sent. */
  async maySend(): Promise<boolean> {
    while (this.ahead === 0 && !this.answered) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    if (this.answered) return false;
    this.ahead -= 1;
    return true;
  }
}

/** Sends a file's chunks to the thread on `port` as `flow` allows, then its end or its failure. */
async function sendFile(file: AsyncIterable<Buffer>, port: MessagePort, flow: FileFlow) {
  const send = (message: FileMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  try {
    for await (const chunk of file) {
      // The import answered before the end of the file (a refusal): the rest is not read.
      if (!(await flow.maySend())) break;
      // A copy of the chunk alone, moved rather than copied again: a chunk is often a view of a
      // larger buffer, all of which a message would copy.
      const bytes = new Uint8Array(chunk);
      send({ type: 'chunk', bytes }, [bytes.buffer]);
    }
    if (!flow.settled) send({ type: 'end' });
  } catch (error) {
    if (!flow.settled) send({ type: 'failed', error: passedError(error) });
  }
}
