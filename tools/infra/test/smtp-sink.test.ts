import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../src/index.js';

/** Speaks plain SMTP, line by line, as any mail client would. */
async function sendMail(url: string, from: string, to: string, body: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = createConnection({ host: hostname, port: Number(port) });
  const lines = [
    `EHLO test`,
    `MAIL FROM:<${from}>`,
    `RCPT TO:<${to}>`,
    'DATA',
    `${body}\r\n.`,
    'QUIT',
  ];
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve());
    let sent = 0;
    socket.on('data', (data) => {
      const reply = data.toString();
      if (/^(220|250|354)/m.test(reply) && sent < lines.length)
        socket.write(`${lines[sent++]}\r\n`);
    });
  });
}

describe('SMTP sink', () => {
  let sink: SmtpSink;
  const received: string[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink({ onMail: (mail) => received.push(mail.to.join(',')) });
  });
  afterAll(() => sink.stop());

  it('keeps what it receives and tells who it was for', async () => {
    const waiting = sink.waitForMail('Ann@Example.com');
    await sendMail(
      sink.url,
      'noreply@onvelope.test',
      'ann@example.com',
      'Subject: Code\r\n\r\nYour code is 123456',
    );
    const mail = await waiting;
    expect(mail.from).toBe('noreply@onvelope.test');
    expect(mail.raw).toContain('Your code is 123456');
    expect(received).toContain('ann@example.com');
  });

  it('gives up waiting with a clear error', async () => {
    await expect(sink.waitForMail('nobody@example.com', { timeoutMs: 100 })).rejects.toThrow(
      'no mail to nobody@example.com',
    );
  });
});
