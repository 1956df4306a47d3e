import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { inTransaction, type Db, type DbOrTx } from '../db/client.js';
import { declareQueue, jobIdFrom, type JobQueue } from '../jobs/queue.js';
import { emailOutbox } from '../db/schema/index.js';

const DELIVER_JOB = declareQueue('email-deliver');

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

export interface SendOptions {
  /** The caller's transaction: the message (and its delivery job) exist only if the caller's writes commit. */
  tx?: DbOrTx;
  /**
   * What makes this message unique (e.g. `expense-submitted:<expense id>:<recipient>`): sending the same key again
   * writes and mails nothing more, so a job that re-runs after a crash never mails twice.
   */
  key?: string;
}

/**
 * Every message is first written to the outbox table, so nothing is lost when SMTP is down.
 * Without SMTP_URL the outbox is the destination (embedded mode); with it, a delivery job is written
 * with the message (same transaction) and retried with back-off.
 */
export class Mailer {
  private transport: Transporter | null;

  constructor(
    private db: Db,
    private opts: MailerOptions,
    /** Delivery is a durable job (retried with back-off, survives restarts): required with SMTP. */
    private queue: JobQueue | null = null,
  ) {
    if (opts.smtpUrl && !queue) throw new Error('Mailer: el envío por SMTP necesita la cola de trabajos.');
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

  /** Writes the message and its delivery job together, in `tx` when given (else in a transaction of its own). */
  async send(message: EmailMessage, options: SendOptions = {}): Promise<string> {
    const id = options.key ? jobIdFrom(`email:${options.key}`) : randomUUID();
    await inTransaction(this.db, options.tx, async (tx) => {
      const [row] = await tx
        .insert(emailOutbox)
        .values({ ...message, id, status: this.transport ? 'queued' : 'outbox' })
        .onConflictDoNothing({ target: emailOutbox.id })
        .returning({ id: emailOutbox.id });
      // Already written (the same key sent before): its delivery job was written with it.
      if (row && this.transport && this.queue) await this.queue.send(DELIVER_JOB, { id }, { tx, id: jobIdFrom(`${DELIVER_JOB}:${id}`) });
    });
    return id;
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

  close(): void {
    this.transport?.close();
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
