import type { LineSink } from './child.js';

const levels: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const colours: Record<string, string> = { WARN: '\x1b[33m', ERROR: '\x1b[31m', FATAL: '\x1b[31m' };

/**
 * Prints the apps' JSON log lines as short readable lines (`svc-orders INFO listening url=...`),
 * and any other line as it is, each behind the app's name.
 */
export function readableLogs(
  write: (text: string) => void = (text) => process.stdout.write(text),
): LineSink {
  const width = 'svc-analytics'.length;
  return (app, line) => {
    const tag = app.padEnd(width);
    let entry: Record<string, unknown> | undefined;
    try {
      entry = line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : undefined;
    } catch {
      entry = undefined;
    }
    if (!entry) {
      write(`${tag} ${line}\n`);
      return;
    }
    const {
      level,
      msg,
      time: _time,
      service: _service,
      name: _name,
      pid: _pid,
      hostname: _host,
      ...rest
    } = entry;
    const label = levels[Number(level)] ?? String(level);
    const fields = Object.entries(rest)
      .map(
        ([key, value]) =>
          `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
      )
      .join(' ');
    const colour = colours[label] ?? '';
    write(
      `${tag} ${colour}${label.padEnd(5)}${colour ? '\x1b[0m' : ''} ${String(msg ?? '')} ${fields}\n`,
    );
  };
}
