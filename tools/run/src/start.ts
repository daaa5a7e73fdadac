import { startSystem } from './system.js';

// `npm start`: the built system at http://localhost:8080 with data kept in .data/ between runs.
const port = Number(process.env.PORT ?? 8080);
const system = await startSystem({ gatewayPort: port, persistent: true }).catch((error: Error) => {
  process.stderr.write(`\nONVELOPE could not start: ${error.message}\n`);
  process.exit(1);
});

process.stdout.write(`\n  ONVELOPE is running at http://localhost:${port}  (Ctrl-C stops it)\n\n`);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping ONVELOPE...\n');
  void system.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
