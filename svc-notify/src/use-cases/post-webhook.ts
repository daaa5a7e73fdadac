import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  hostOf,
  refusedAddress,
  urlProblem,
  type WebhookUrlPolicy,
} from '../domain/webhook-address.js';

/** A resolved address of a host, as `dns.lookup` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name; the tests give a name that resolves where they want (rebinding). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** What came back from an endpoint (any status), or why nothing did. */
export type PostOutcome =
  | { kind: 'answered'; statusCode: number; bodyExcerpt: string; latencyMs: number }
  | { kind: 'refused' | 'unreachable'; error: string; latencyMs: number };

/** Sends one signed delivery; `WebhookClient` so a test or a second transport can stand in. */
export interface WebhookClient {
  post(url: string, headers: Record<string, string>, body: string): Promise<PostOutcome>;
  /** Whether a URL may be registered now (the same rules, resolved now); null when it may. */
  check(url: string): Promise<string | null>;
  close(): void;
}

export interface WebhookClientOptions {
  policy: WebhookUrlPolicy;
  resolve: ResolveHost;
  /** The whole exchange, connection to last byte read (Standard Webhooks: short timeouts). */
  timeoutMs: number;
  /** The most of an answer's body that is read; the rest is dropped with the connection. */
  readLimitBytes: number;
  /** The characters of the body kept for the delivery log. */
  excerptChars: number;
}

/**
 * The addresses a delivery may connect to, or why none: the URL's own rules, then the host's
 * addresses as resolved now. Run on every delivery, and the connection is pinned to what it
 * returns (`lookup` below), so a name that resolved to a public address at registration and to
 * 127.0.0.1 now (DNS rebinding) is refused now, and no second lookup can differ from the check.
 */
async function addressesFor(
  url: URL,
  options: Pick<WebhookClientOptions, 'policy' | 'resolve'>,
): Promise<{ addresses: ResolvedAddress[] } | { refused: string }> {
  const problem = urlProblem(url, options.policy);
  if (problem) return { refused: problem };
  const host = hostOf(url);
  const literal = isIP(host);
  if (literal !== 0) return { addresses: [{ address: host, family: literal }] };
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolve(host);
  } catch (error) {
    return {
      refused: `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`,
    };
  }
  const refused = refusedAddress(
    addresses.map(({ address }) => address),
    options.policy,
  );
  return refused ? { refused } : { addresses };
}

/** A `lookup` that answers the addresses already checked instead of asking DNS again. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error('no address'), '', 0);
  };
}

/**
 * The default client: node's http(s) with the checks above on every delivery, one deadline for
 * the whole exchange, no redirect followed (node's client never follows one; a 3xx is an answer,
 * and not a success), and at most `readLimitBytes` of the body read. Keep-alive agents: a busy
 * endpoint is sent to over a few open connections, each to an address that was checked.
 */
export function createWebhookClient(options: WebhookClientOptions): WebhookClient {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
  };

  return {
    async check(text) {
      const resolved = await addressesFor(new URL(text), options);
      return 'refused' in resolved ? resolved.refused : null;
    },

    async post(text, headers, body) {
      const started = performance.now();
      const latencyMs = () => Math.round(performance.now() - started);
      const url = new URL(text);
      const resolved = await addressesFor(url, options);
      if ('refused' in resolved) {
        return { kind: 'refused', error: resolved.refused, latencyMs: latencyMs() };
      }
      const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
      const send = protocol === 'https:' ? https.request : http.request;
      return new Promise<PostOutcome>((resolve) => {
        const request = send(url, {
          method: 'POST',
          agent: agents[protocol],
          lookup: pinnedLookup(resolved.addresses),
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        request.on('error', (error) => {
          const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
          resolve({
            kind: 'unreachable',
            error: timedOut ? `No answer within ${options.timeoutMs} ms` : error.message,
            latencyMs: latencyMs(),
          });
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const finish = () => {
            resolve({
              kind: 'answered',
              statusCode: response.statusCode ?? 0,
              bodyExcerpt: Buffer.concat(chunks).toString('utf8').slice(0, options.excerptChars),
              latencyMs: latencyMs(),
            });
          };
          response.on('data', (chunk: Buffer) => {
            if (read >= options.readLimitBytes) return;
            chunks.push(chunk.subarray(0, options.readLimitBytes - read));
            read += chunk.length;
            // Enough read: the rest is not waited for (a receiver streaming forever).
            if (read >= options.readLimitBytes) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', finish);
        });
        request.end(body);
      });
    },

    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
