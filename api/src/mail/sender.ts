// Sends the queued mail (outbox.ts) through SMTP_URL's server. Each round takes the mail that is
// due with FOR UPDATE SKIP LOCKED, so several copies of the API on one database never send one
// twice; a mail the server refuses (or a server that does not answer) is tried again later, each
// wait twice the last, up to an hour, and given up after MAX_ATTEMPTS (about a day), kept with
// its error. The API never waits for it: the change it tells about committed long before.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { withTransaction, type Db } from '../db/pool';

export const MAX_ATTEMPTS = 30;
const FIRST_WAIT_S = 60;
const LONGEST_WAIT_S = 3600;
/** Mail per round: a round holds its rows' locks while it talks to the server. */
const BATCH = 20;

export interface MailLog {
  info(message: string): void;
  error(message: string): void;
}

/** Seconds until the next attempt after `attempts` failed ones: 1, 2, 4… minutes, then hourly. */
export const retryDelaySeconds = (attempts: number) => Math.min(LONGEST_WAIT_S, FIRST_WAIT_S * 2 ** Math.max(0, attempts - 1));

export interface SendMail {
  (message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** nodemailer's SMTP transport for SMTP_URL: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when offered. */
export function smtpSender(smtpUrl: string): SendMail & { close(): void } {
  const url = new URL(smtpUrl);
  const transport: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const send = ((message) => transport.sendMail(message)) as SendMail & { close(): void };
  send.close = () => transport.close();
  return send;
}

interface DueMail {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

/** One round: every due mail sent or rescheduled. Resolves to how many were sent. */
export async function sendDueMail(db: Db, send: SendMail, from: string, log: MailLog): Promise<number> {
  return withTransaction(db, async (trx) => {
    const { rows } = await trx.query<DueMail>(
      `SELECT id::text, to_address, subject, body, attempts FROM mail_outbox
        WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
    );
    let sent = 0;
    for (const mail of rows) {
      try {
        await send({ from, to: mail.to_address, subject: mail.subject, text: mail.body });
        await trx.query('UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [mail.id]);
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const givingUp = attempts >= MAX_ATTEMPTS;
        await trx.query(
          `UPDATE mail_outbox SET attempts = $2, last_error = $3,
                  next_attempt_at = now() + make_interval(secs => $4), given_up_at = CASE WHEN $5 THEN now() END
            WHERE id = $1`,
          [mail.id, attempts, reason, retryDelaySeconds(attempts), givingUp],
        );
        log.error(
          givingUp
            ? `No se pudo enviar el correo ${mail.id} a ${mail.to_address} tras ${attempts} intentos; no se intentará de nuevo: ${reason}`
            : `No se pudo enviar el correo ${mail.id} a ${mail.to_address} (intento ${attempts}); se reintentará en ${retryDelaySeconds(attempts)} s: ${reason}`,
        );
      }
    }
    return sent;
  });
}

export interface MailSender {
  /** Looks for due mail now (after a change queued some). */
  wake(): void;
  /** No further rounds; resolves when the one under way has ended. */
  stop(): Promise<void>;
}

/** Rounds every `tickMs` (and on wake()) while the API runs; only with SMTP_URL set. */
export function startMailSender({
  db,
  config,
  log,
  tickMs = 15_000,
  send,
}: {
  db: Db;
  config: Pick<Config, 'mail'>;
  log: MailLog;
  tickMs?: number;
  send?: SendMail;
}): MailSender {
  const smtpUrl = config.mail.smtpUrl;
  if (!smtpUrl) return { wake: () => undefined, stop: async () => undefined };
  const transport = send ? null : smtpSender(smtpUrl);
  const deliver = send ?? transport!;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const run = () => {
    if (stopped) return;
    clearTimeout(timer);
    round = round.then(async () => {
      try {
        // A full batch may have more behind it.
        while (!stopped && (await sendDueMail(db, deliver, config.mail.from, log)) === BATCH);
      } catch (error) {
        log.error(`El envío de correos falló: ${(error as Error).message}`);
      }
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(run, tickMs).unref();
    });
  };
  run();

  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
      transport?.close();
    },
  };
}
