import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { pageOf, type Page, type ServerContext } from '../../../core/server';
import type { CodeChannel, MailboxMessage } from '../shared/types';
import type { MailTranslate } from './security/mail-texts';

export interface OutboxMessage {
  channel: CodeChannel;
  /** An email address, or a phone number as "+<area code><number>". */
  to: string;
  subject: string | null;
  body: string;
}

/** Delivers one message through a real channel (SMTP, an SMS gateway). */
export interface Transport {
  send(message: OutboxMessage): Promise<void>;
}

/** The channels that have a transport; a channel without one keeps its messages in the development mailbox. */
export type Transports = Partial<Record<CodeChannel, Transport>>;

/** Gives up on a message after this many failed deliveries (the last error stays on the row). */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const SEND_INTERVAL_MS = 5_000;
const BATCH = 20;

/**
 * The fixed closing line of every email to a member who set an anti-phishing code, so forged mail stands out.
 * It closes the mail rather than opening it so the first six-digit number of a code mail stays the code.
 */
export function withAntiPhishingLine(body: string, antiCode: string | null | undefined, t: MailTranslate): string {
  return antiCode ? `${body}\n\n${t('identity:mailAntiPhishingLine', { antiCode })}` : body;
}

/**
 * Writes a message to the outbox; call it inside the transaction that makes the message true. An email to a
 * member's address carries the member's anti-phishing code (translated with `t`).
 */
export async function enqueue(db: Kysely<any>, message: OutboxMessage, now: Date, t: MailTranslate): Promise<void> {
  let body = message.body;
  if (message.channel === 'email') {
    const member = await db.selectFrom('member').select('anti_code').where('email', '=', message.to).executeTakeFirst();
    body = withAntiPhishingLine(body, member?.anti_code as string | null | undefined, t);
  }
  await db
    .insertInto('outbox')
    .values({ channel: message.channel, to: message.to, subject: message.subject, body, created_at: now.toISOString(), attempts: 0 })
    .execute();
}

/** SMTP through nodemailer, e.g. smtps://user:pass@smtp.example.com:465. */
export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    async send(message) {
      await mailer.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.body });
    },
  };
}

/** SMTP_URL (and SMTP_FROM, default the SMTP user) from the environment; no SMS gateway is built in. */
export function transportsFromEnvironment(env: NodeJS.ProcessEnv = process.env): Transports {
  const url = env.SMTP_URL?.trim();
  if (!url) return {};
  let user = '';
  try {
    user = decodeURIComponent(new URL(url).username);
  } catch {
    // nodemailer reports a malformed URL on the first delivery
  }
  const from = env.SMTP_FROM?.trim() || (user.includes('@') ? user : 'no-reply@localhost');
  return { email: smtpTransport(url, from) };
}

/** Delivers pending outbox rows of the channels that have a transport, in the background. */
export class OutboxSender {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Kysely<any>,
    private readonly transports: Transports,
    private readonly context: Pick<ServerContext, 'now' | 'log'>,
  ) {}

  get channels(): CodeChannel[] {
    return (Object.keys(this.transports) as CodeChannel[]).filter((channel) => this.transports[channel]);
  }

  start(intervalMs = SEND_INTERVAL_MS): void {
    if (this.timer || this.channels.length === 0) return;
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  /** Starts a delivery round now unless one is running; resolves with the number of messages sent. */
  kick(): Promise<number> {
    if (this.channels.length === 0) return Promise.resolve(0);
    this.running ??= this.deliverPending().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async deliverPending(): Promise<number> {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('channel', 'in', this.channels)
      .where('attempts', '<', MAX_DELIVERY_ATTEMPTS)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const row of rows) {
      const transport = this.transports[row.channel as CodeChannel]!;
      try {
        await transport.send({ channel: row.channel, to: row.to, subject: row.subject, body: row.body });
        await this.db.updateTable('outbox').set({ sent_at: this.context.now().toISOString(), error: null, attempts: Number(row.attempts) + 1 }).where('id', '=', row.id).execute();
        sent += 1;
      } catch (error) {
        const text = String((error as Error)?.message ?? error).slice(0, 500);
        this.context.log.warn('outbox delivery failed', { id: Number(row.id), channel: row.channel, error: text });
        await this.db.updateTable('outbox').set({ error: text, attempts: Number(row.attempts) + 1 }).where('id', '=', row.id).execute();
      }
    }
    return sent;
  }
}

export const MAILBOX_PAGE_SIZE = 20;

function toMailboxMessage(row: Record<string, any>): MailboxMessage {
  return {
    id: Number(row.id),
    channel: row.channel,
    to: row.to,
    subject: row.subject ?? null,
    body: row.body,
    created_at: row.created_at,
    sent_at: row.sent_at ?? null,
    error: row.error ?? null,
  };
}

/**
 * The development mailbox: outbox messages of the channels without a transport, newest first,
 * optionally for one address. Messages that a real channel delivers are not listed, so operators do
 * not read users' codes on a site that sends them.
 */
export async function listMailbox(
  db: Kysely<any>,
  options: { to?: string; page: number; size?: number; deliveredChannels: CodeChannel[] },
): Promise<Page<MailboxMessage>> {
  const size = options.size ?? MAILBOX_PAGE_SIZE;
  let query = db.selectFrom('outbox');
  if (options.deliveredChannels.length > 0) query = query.where('channel', 'not in', options.deliveredChannels);
  if (options.to) query = query.where('to', '=', options.to);
  const total = await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(size)
    .offset((options.page - 1) * size)
    .execute();
  return pageOf(rows.map(toMailboxMessage), Number(total.count), size, options.page);
}

/** The newest six-digit code written to an address, read from the outbox (for tests and tools). */
export async function latestCodeFor(db: Kysely<any>, to: string): Promise<string | null> {
  const rows = await db.selectFrom('outbox').select('body').where('to', '=', to).orderBy('id', 'desc').limit(1).execute();
  const match = rows[0] ? /\b(\d{6})\b/.exec(String(rows[0].body)) : null;
  return match ? match[1]! : null;
}
