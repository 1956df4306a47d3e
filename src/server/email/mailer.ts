import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { emailOutbox } from '../db/schema/index.js';

const DELIVER_JOB = 'email-deliver';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  log?: { error: (obj: unknown, msg?: string) => void };
}

/**
 * Every message is first written to the outbox table, so nothing is lost when SMTP is down.
 * Without SMTP_URL the outbox is the destination (embedded mode); with it, delivery follows
 * the insert and is retried with back-off.
 */
export class Mailer {
  private transport: Transporter | null;
  private pending = new Set<Promise<void>>();

  constructor(
    private db: Db,
    private opts: MailerOptions,
    /** With a queue, delivery is a durable job (retried with back-off, survives restarts). */
    private queue: JobQueue | null = null,
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  /** Starts consuming delivery jobs (each app instance may run it; jobs are taken once). */
  async startWorker(): Promise<void> {
    if (!this.queue || !this.transport) return;
    await this.queue.work<{ id: string }>(DELIVER_JOB, async ({ id }) => {
      const [row] = await this.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
      if (!row || row.status === 'sent') return;
      const r = await this.attempt(id, { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
      if (!r.ok) throw new Error(r.error ?? 'delivery failed');
    });
  }

  get smtpConfigured(): boolean {
    return this.transport !== null;
  }

  get smtpUser(): string | null {
    if (!this.opts.smtpUrl) return null;
    try {
      return decodeURIComponent(new URL(this.opts.smtpUrl).username) || null;
    } catch {
      return null;
    }
  }

  async send(message: EmailMessage): Promise<string> {
    const [row] = await this.db
      .insert(emailOutbox)
      .values({ ...message, status: this.transport ? 'queued' : 'outbox' })
      .returning({ id: emailOutbox.id });
    if (this.transport && this.queue) await this.queue.send(DELIVER_JOB, { id: row.id });
    else if (this.transport) this.track(this.deliver(row.id, message));
    return row.id;
  }

  /** Sends now and reports the outcome (used by the super admin's test e-mail). */
  async sendNow(message: EmailMessage): Promise<{ ok: boolean; error?: string }> {
    const [row] = await this.db
      .insert(emailOutbox)
      .values({ ...message, status: this.transport ? 'queued' : 'outbox' })
      .returning({ id: emailOutbox.id });
    if (!this.transport) return { ok: true };
    return this.attempt(row.id, message);
  }

  /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.transport?.close();
  }

  private track(p: Promise<void>) {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async deliver(id: string, message: EmailMessage, maxAttempts = 4): Promise<void> {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const r = await this.attempt(id, message);
      if (r.ok) return;
      if (attempt < maxAttempts) await new Promise((res) => setTimeout(res, 500 * 4 ** (attempt - 1)));
    }
  }

  private async attempt(id: string, message: EmailMessage): Promise<{ ok: boolean; error?: string }> {
    try {
      await this.transport!.sendMail({ from: this.opts.from, ...message });
      await this.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(eq(emailOutbox.id, id));
      return { ok: true };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.opts.log?.error({ err: error, to: message.to }, 'email delivery failed');
      await this.db
        .update(emailOutbox)
        .set({ status: 'failed', attempts: sql`${emailOutbox.attempts} + 1`, lastError: error })
        .where(eq(emailOutbox.id, id))
        .catch(() => undefined);
      return { ok: false, error };
    }
  }
}
