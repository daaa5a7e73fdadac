import {
  request,
  type Agent,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { Socket } from 'node:net';
import type { Context } from 'koa';
import {
  outgoingTraceparent,
  traceparentHeader,
  type Logger,
  type TraceContext,
} from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { gatewaySecretHeader, requestIdHeader } from '@onvelope/service-kit/http';
import { acceptedEncoding, compressor, shouldCompressAnswer } from './api-compression.js';
import { bodyTooLarge, drainUnreadBody } from './body-limit.js';

export interface ProxyTarget {
  service: string;
  baseUrl: URL;
  /**
   * The service's answer carries its own Content-Security-Policy and X-Frame-Options, which are
   * passed through. Otherwise the gateway's stay, whatever the service sent.
   */
  ownPagePolicy?: boolean;
}

/** The headers of the site's content and framing policy (`security-headers.ts`). */
const pagePolicyHeaders = new Set(['content-security-policy', 'x-frame-options']);

export interface ProxySettings {
  agent: Agent;
  bodyLimitBytes: number;
  /** Idle time on the upstream socket before the call is given up. */
  timeoutMs: number;
  /** The wait for routes that stream their request (uploads), which answer when all is stored. */
  uploadTimeoutMs: number;
  /** Sent to every service as `X-Gateway-Secret`: what makes it believe the X-Forwarded-* headers. */
  gatewaySecret?: string;
  /** Told how long each upstream call took to start answering, and with what status. */
  onUpstreamAnswer?: (service: string, status: number | 'failed', seconds: number) => void;
}

// RFC 9110 §7.6.1, plus `host` (set for the upstream) and `expect` (Node answers 100-continue itself).
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);

function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const namedInConnection = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hopByHop.has(name) || namedInConnection.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

function forwardedRequestHeaders(
  ctx: Context,
  target: ProxyTarget,
  gatewaySecret: string | undefined,
): OutgoingHttpHeaders {
  const headers = endToEndHeaders(ctx.req.headers);
  // The client as the gateway sees it (its peer, or behind TRUST_PROXY the address the load
  // balancer appended), alone: a service takes the first address as its caller's, so nothing a
  // caller wrote may come before it. The service limits by the address the gateway limits by.
  headers['x-forwarded-for'] = ctx.ip;
  headers['x-forwarded-proto'] = ctx.protocol;
  headers['x-forwarded-host'] = ctx.host;
  headers.host = target.baseUrl.host;
  // A caller's own would make the service believe its X-Forwarded-* (service-kit forwarded-headers.ts).
  delete headers[gatewaySecretHeader];
  if (gatewaySecret) headers[gatewaySecretHeader] = gatewaySecret;
  headers[requestIdHeader] = ctx.state.requestId as string;
  // The service's work is a child span of the gateway's; a caller's own traceparent was continued
  // by the gateway's trace middleware (and its tracestate travels on unchanged).
  const traceparent = outgoingTraceparent(ctx.state.trace as TraceContext | undefined);
  if (traceparent) headers[traceparentHeader] = traceparent;
  else delete headers[traceparentHeader];
  return headers;
}

class UpstreamTimeout extends Error {}

/** Counts request bytes on their way upstream and fails once they pass the limit. */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) callback(bodyTooLarge(this.limit));
    else callback(null, chunk);
  }
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function toGatewayError(error: unknown, service: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof UpstreamTimeout) {
    return new HttpError(504, 'Gateway timeout', [
      { message: `${service} did not answer in time` },
    ]);
  }
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (unreachableCodes.has(code)) {
    return new HttpError(503, 'Service unavailable', [{ message: `${service} is not reachable` }]);
  }
  return new HttpError(502, 'Bad gateway', [{ message: `${service} failed to answer` }]);
}

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const connectionLostCodes = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Whether a failed call may be sent again, once, on a new connection: the failure is a reused
 * keep-alive connection lost before any byte of an answer (the service closed it as the call went
 * out, issue 32 §10), and the call can be sent again whole and unchanged: it has no body, or none
 * of its body has been read from the client (a streamed upload is never replayed). An idempotent
 * call may then go again; any other only if nothing of it was written (Node writes the headers with
 * the first body bytes or the end), so the service cannot have seen it.
 */
function maySendAgain(
  call: ClientRequest,
  error: Error,
  answerBytes: number,
  { method, req, hasBody }: { method: string; req: Context['req']; hasBody: boolean },
): boolean {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (!call.reusedSocket || !connectionLostCodes.has(code) || answerBytes > 0) return false;
  if (hasBody && req.readableDidRead) return false;
  return idempotentMethods.has(method) || !call.headersSent;
}

/**
 * Forwards the request to the service with the same method, path and query, streaming both bodies
 * with backpressure (nothing is buffered). JSON answers are compressed on the way when the client
 * accepts it (see `api-compression.ts`). Resolves once the answer has been streamed, or the client
 * has gone; rejects with an `HttpError` (413, 502, 503, 504) while no answer has been started.
 */
export function proxyToService(
  ctx: Context,
  target: ProxyTarget,
  settings: ProxySettings,
): Promise<void> {
  const { req, res } = ctx;
  const log = ctx.state.log as Logger;
  const basePath = target.baseUrl.pathname.replace(/\/$/, '');
  const path = `${basePath}${ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`;

  const headers = forwardedRequestHeaders(ctx, target, settings.gatewaySecret);
  // RFC 9112 §6.3: a request without Content-Length or Transfer-Encoding has no body.
  const hasBody =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: HttpError) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
    let upstream: ClientRequest;

    res.once('close', () => {
      if (res.writableFinished) return;
      settle();
      upstream.destroy();
    });
    if (hasBody) req.once('error', () => upstream.destroy());

    const answerCutShort = (error: Error) => {
      // Either side may have gone away; a client leaving mid-download is routine, hence not a warning.
      log.info({ err: error, service: target.service }, 'answer stream ended early');
      upstream.destroy();
    };

    let answering = false;
    const onAnswer = (answer: IncomingMessage) => {
      if (settled) {
        answer.resume();
        return;
      }
      answering = true;
      ctx.respond = false;
      // An answer before the whole body was sent (a refusal): the service has stopped reading, so
      // sending the rest would fill a socket nobody reads, and the next call on it would wait for
      // good. The rest is drained from the client instead, and the socket is never used again.
      const answeredEarly = !upstream.writableEnded;
      if (answeredEarly) {
        drainUnreadBody(req);
        answer.once('end', () => upstream.destroy());
      }
      res.statusCode = answer.statusCode ?? 502;
      settings.onUpstreamAnswer?.(target.service, res.statusCode, elapsed());
      for (const [name, value] of Object.entries(endToEndHeaders(answer.headers))) {
        if (value === undefined) continue;
        if (!target.ownPagePolicy && pagePolicyHeaders.has(name)) continue;
        res.setHeader(name, value);
      }
      const compressible = shouldCompressAnswer(ctx.method, res.statusCode, answer.headers);
      if (compressible) ctx.vary('Accept-Encoding');
      const encoding = compressible ? acceptedEncoding(ctx) : undefined;
      if (encoding) {
        res.removeHeader('Content-Length');
        res.setHeader('Content-Encoding', encoding);
        pipeline(answer, compressor(encoding), res, (error) => {
          if (error) answerCutShort(error);
          settle();
        });
        return;
      }
      // A plain pipe: `pipeline` makes an AbortController (and an AbortError) per answer, a
      // tenth of the gateway's time per call on the cheapest routes.
      answer.once('close', () => {
        if (!answer.complete) {
          answerCutShort(answer.errored ?? new Error('upstream answer ended early'));
          res.destroy();
        }
      });
      res.once('finish', () => settle());
      answer.pipe(res);
    };

    const send = (again: boolean) => {
      const call = request({
        // URL keeps IPv6 literals in brackets; the socket wants the bare address.
        hostname: target.baseUrl.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.baseUrl.port || 80,
        method: ctx.method,
        path,
        headers,
        // Sent again: on a connection of its own, not another pooled one the service may be closing.
        agent: again ? false : settings.agent,
      });
      upstream = call;
      call.setTimeout(settings.timeoutMs, () => call.destroy(new UpstreamTimeout()));
      // A reused socket has read earlier answers; only bytes read for this call count.
      let socket: Socket | undefined;
      let readBefore = 0;
      call.once('socket', (assigned) => {
        socket = assigned;
        readBefore = assigned.bytesRead;
      });
      call.once('response', onAnswer);

      call.on('error', (error) => {
        // Once the answer streams, its own handlers report and clean up failures.
        if (answering || settled) return;
        const answerBytes = (socket?.bytesRead ?? 0) - readBefore;
        if (
          !again &&
          maySendAgain(call, error, answerBytes, { method: ctx.method, req, hasBody })
        ) {
          log.info(
            { err: error, service: target.service },
            'a pooled connection was closed under the call: sending it again on a new one',
          );
          req.unpipe();
          send(true);
          return;
        }
        drainUnreadBody(req);
        const gatewayError = toGatewayError(error, target.service);
        if (!(error instanceof HttpError))
          settings.onUpstreamAnswer?.(target.service, 'failed', elapsed());
        log.warn(
          { err: error, service: target.service, status: gatewayError.status },
          'upstream call failed',
        );
        settle(gatewayError);
      });

      if (!hasBody) {
        call.end();
        return;
      }
      const limit = new ByteLimit(settings.bodyLimitBytes);
      limit.once('error', (error) => call.destroy(error));
      req.pipe(limit).pipe(call);
    };
    send(false);
  });
}
