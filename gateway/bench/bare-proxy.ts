/**
 * The floor the gateway is measured against (overhead.bench.ts): a Node.js proxy with nothing but
 * keep-alive forwarding — no routing, metrics, tracing, headers or limits. Run as its own process
 * with TARGET (the service's URL) and PORT; prints `ready` once it listens.
 */
import { Agent, createServer, request } from 'node:http';

const target = new URL(process.env.TARGET ?? '');
const agent = new Agent({ keepAlive: true });

createServer((req, res) => {
  const upstream = request(
    {
      hostname: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, host: target.host },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
