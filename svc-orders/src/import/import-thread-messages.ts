import type { MessagePort } from 'node:worker_threads';
import type { ColumnMapping, ImportPreview, UploadResult } from '@onvelope/contracts';
import { HttpError, toErrorResponse } from '@onvelope/service-kit/errors';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';
import type { SavedMapping } from '../data/import-template.model.js';
import type { MappingChoice } from './map-columns.js';

/** What the import thread is started with (`workerData`). */
export interface ImportThreadSettings {
  mongoUrl: string;
  dbName: string;
  natsUrl: string;
  logLevel: string;
  authTimeoutMs: number;
  /** The service's `ForegroundCalls.state`: the thread's imports give way to its calls. */
  foreground: SharedArrayBuffer;
}

/** From the service to the thread, on the thread's own port. */
export type ToThread =
  | {
      type: 'import';
      accountId: string;
      rules: KeywordRuleLike[];
      mapping: MappingChoice;
      file: MessagePort;
      /** The upload's trace, carried on by the import's log lines and its questions to svc-auth. */
      traceparent: string | undefined;
    }
  | {
      type: 'preview';
      accountId: string;
      /** The head of the file (`fileHeadOf`). */
      head: Uint8Array;
      cut: boolean;
      given: ColumnMapping | null;
      templates: SavedMapping[];
      reply: MessagePort;
      traceparent: string | undefined;
    }
  | { type: 'metrics'; reply: MessagePort }
  | { type: 'stop' };

/** From the thread to the service, on the thread's own port. */
export type FromThread = { type: 'ready' } | { type: 'start-failed'; error: PassedError };

/** From the service to the thread, on an import's `file` port. */
export type FileMessage =
  { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'failed'; error: PassedError };

/** From the thread to the service, on an import's `file` port. */
export type ImportMessage =
  | { type: 'taken' }
  | { type: 'done'; result: UploadResult }
  | { type: 'failed'; error: PassedError };

/** From the thread to the service, on a preview's `reply` port. */
export type PreviewMessage =
  { type: 'done'; preview: ImportPreview } | { type: 'failed'; error: PassedError };

/**
 * An error as it crosses between threads: a structured clone keeps an `Error`'s message but not
 * its class or its own fields, which decide the answer (an `HttpError`'s status and details, the
 * driver's error names that mean the database is away). Its stack comes along, so the service's
 * log shows where in the thread a fault was.
 */
export interface PassedError {
  name: string;
  message: string;
  code?: string | number;
  status?: number;
  details?: HttpError['details'];
  extra?: HttpError['extra'];
  retryAfterSeconds?: number;
  stack?: string;
}

export function passedError(error: unknown): PassedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { name, message } = error;
  const { code } = error as { code?: unknown };
  const passed: PassedError = { name, message, stack: error.stack };
  if (typeof code === 'string' || typeof code === 'number') passed.code = code;
  // An error meant for the caller (an HttpError, a validation or Koa-style client error) crosses as
  // the answer the service's error middleware makes of it; any other by its name and code.
  const answer = toErrorResponse(error);
  if (error instanceof HttpError || answer.status < 500) {
    const { error: text, details, ...extra } = answer.response;
    Object.assign(passed, {
      status: answer.status,
      message: text,
      details,
      extra,
      retryAfterSeconds: answer.retryAfterSeconds,
    });
  }
  return passed;
}

export function errorFrom(passed: PassedError): Error {
  if (passed.status !== undefined) {
    const error = new HttpError(passed.status, passed.message, passed.details, passed.extra);
    if (passed.retryAfterSeconds !== undefined) error.retryAfterSeconds = passed.retryAfterSeconds;
    if (passed.stack) error.stack = passed.stack;
    return error;
  }
  const error: Error & { code?: string | number } = new Error(passed.message);
  error.name = passed.name;
  if (passed.code !== undefined) error.code = passed.code;
  if (passed.stack) error.stack = passed.stack;
  return error;
}
