import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(opts: { rejectFirst?: number } = {}) {
  const messages: CapturedMail[] = [];
  const connectionErrors: Error[] = [];
  let toReject = opts.rejectFirst ?? 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (toReject > 0) {
        toReject--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Servicio no disponible'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((m) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
          });
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies inside a mail transaction (the crash tests SIGKILL the server while it sends) makes
  // smtp-server emit its socket error here; without a listener it would be thrown in the test process.
  server.on('error', (err) => connectionErrors.push(err));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Connections that ended with an error mid-transaction (a sender killed while sending). */
    connectionErrors,
    /**
     * Resolves with the first message to `to` (whose subject matches `subject`, when given) once it
     * has arrived (5 s at most). Registration sends a verification e-mail first, so tests after
     * another message name its subject.
     */
    async waitFor(to: string, opts: number | { subject?: RegExp; timeoutMs?: number } = {}): Promise<CapturedMail> {
      const { subject, timeoutMs = 5000 } = typeof opts === 'number' ? { timeoutMs: opts } : opts;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
