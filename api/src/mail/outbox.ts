// Mail to people about a change (a request to authorize, one authorized, one delivered): queued
// in the change's own transaction, so it is sent exactly when the change commits, and sent
// afterwards by the sender (sender.ts), so a mail server that is slow or down never blocks or
// undoes the change. Without SMTP_URL nothing is queued: mail is optional.
import type { Config } from '../config';
import type { Queryable } from '../db/pool';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, Spanish, with the link to the page where the person acts. */
  text: string;
}

/** Mail is sent only when an SMTP server is configured. */
export const mailEnabled = (config: Pick<Config, 'mail'>) => config.mail.smtpUrl !== null;

/** Queues each mail with an address in the caller's transaction; none without SMTP_URL. */
export async function queueMail(trx: Queryable, config: Pick<Config, 'mail'>, mails: readonly Mail[]): Promise<number> {
  const addressed = mails.filter((mail) => mail.to.trim() !== '');
  if (!mailEnabled(config) || addressed.length === 0) return 0;
  await trx.query(
    `INSERT INTO mail_outbox (to_address, subject, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
    [addressed.map((m) => m.to.trim()), addressed.map((m) => m.subject), addressed.map((m) => m.text)],
  );
  return addressed.length;
}
