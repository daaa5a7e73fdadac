import { startSystem } from './system.js';

// `npm start`: the built system at http://localhost:8080 with data kept in .data/ between runs.
// `npm run start:cluster` (`--cluster`): issue 40's topology — a 3-node NATS JetStream cluster
// (streams of 3 replicas, kept in temp dirs), 2 replicas of every service and of the gateway,
// each behind a round-robin.
const port = Number(process.env.PORT ?? 8080);
const cluster = process.argv.includes('--cluster');
const system = await startSystem({
  gatewayPort: port,
  persistent: true,
  ...(cluster ? { replicas: 2, natsNodes: 3 } : {}),
}).catch((error: Error) => {
  process.stderr.write(`\nONVELOPE could not start: ${error.message}\n`);
  process.exit(1);
});

process.stdout.write(
  `\n  ONVELOPE is running at http://localhost:${port}${cluster ? ' (2 replicas of every app, 3 NATS nodes)' : ''}  (Ctrl-C stops it)\n\n`,
);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping ONVELOPE...\n');
  void system.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
