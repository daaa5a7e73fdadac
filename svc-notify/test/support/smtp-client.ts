import { connect, type Socket } from 'node:net';

/** What a mail server answered to each step of one message. */
export interface SmtpExchange {
  /** One code per RCPT TO, in order. */
  recipients: number[];
  /** The answer to the message itself (null when no recipient was accepted). */
  data: number | null;
}

/** Reads whole SMTP answers (`250-...` lines continue, `250 ...` ends) as their codes. */
function answers(socket: Socket) {
  let buffered = '';
  const waiting: ((code: number) => void)[] = [];
  const ready: number[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line[3] === '-') continue;
      const code = Number(line.slice(0, 3));
      const waiter = waiting.shift();
      if (waiter) waiter(code);
      else ready.push(code);
    }
  });
  return () =>
    new Promise<number>((resolve) => {
      const code = ready.shift();
      if (code === undefined) waiting.push(resolve);
      else resolve(code);
    });
}

/**
 * Sends one message over SMTP as a reporting mail server does (`MAIL FROM:<>` for a delivery
 * report), saying what was answered at each step rather than failing on a refusal.
 */
export async function sendOverSmtp(
  port: number,
  message: { from: string; to: string[]; raw: string },
): Promise<SmtpExchange> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const next = answers(socket);
  const say = (line: string) => {
    socket.write(`${line}\r\n`);
    return next();
  };
  try {
    await next();
    await say('EHLO reporting-mta.example.net');
    await say(`MAIL FROM:<${message.from}>`);
    const recipients: number[] = [];
    for (const to of message.to) recipients.push(await say(`RCPT TO:<${to}>`));
    let data: number | null = null;
    if (recipients.some((code) => code === 250)) {
      await say('DATA');
      const body = message.raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
      data = await say(`${body}\r\n.`);
    }
    await say('QUIT');
    return { recipients, data };
  } finally {
    socket.destroy();
  }
}
