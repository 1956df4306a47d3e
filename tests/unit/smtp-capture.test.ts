import { connect } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { startSmtpCapture } from '../helpers/smtp.js';

/*
 * The crash tests SIGKILL a server that may be sending an e-mail. The capture must take the reset connection as a lost
 * message, not throw in the test process (which fails the whole run with an unhandled ECONNRESET).
 */
const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

test('a sender reset inside a mail transaction is recorded, and the capture goes on receiving', async () => {
  const { port } = new URL(smtp.url);
  const socket = connect(Number(port), '127.0.0.1');
  const replies: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => replies.push(d));
  const waitReply = (code: string) => expect.poll(() => replies.join(''), { timeout: 5000 }).toMatch(new RegExp(`^${code} `, 'm'));
  await waitReply('220');
  socket.write('EHLO client\r\n');
  await waitReply('250');
  replies.length = 0;
  socket.write('MAIL FROM:<a@demo.cl>\r\n');
  await waitReply('250');
  socket.resetAndDestroy();
  await expect.poll(() => smtp.connectionErrors.length, { timeout: 5000 }).toBe(1);
  expect((smtp.connectionErrors[0] as NodeJS.ErrnoException).code).toBe('ECONNRESET');

  // A later message still arrives.
  const nodemailer = (await import('nodemailer')).default;
  await nodemailer.createTransport({ url: smtp.url, ignoreTLS: true } as never).sendMail({ from: 'a@demo.cl', to: 'b@demo.cl', subject: 'Sigue', text: 'ok' });
  expect((await smtp.waitFor('b@demo.cl')).subject).toBe('Sigue');
});
