// Mail to people goes through a real SMTP server: queued in the transaction of the change it
// tells about (sent when that commits, never when it rolls back), sent once even by two copies of
// the API at a time, and retried later when the server refuses, without anyone waiting for it.
import { ConfigError, loadConfig } from '../../src/config';
import { withTransaction } from '../../src/db/pool';
import { queueMail, type Mail } from '../../src/mail/outbox';
import { MAX_ATTEMPTS, retryDelaySeconds, sendDueMail, smtpSender, startMailSender } from '../../src/mail/sender';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let smtp: TestSmtp;
let mailConfig: { mail: { smtpUrl: string; from: string } };
const errors: string[] = [];
const log = { info: () => undefined, error: (message: string) => errors.push(message) };
const FROM = 'Almacén CECATI <almacen@cecati.edu.mx>';

const aMail = (n: number, to = `persona${n}@cecati.edu.mx`): Mail => ({
  to,
  subject: `Solicitud SOL-00000${n} por autorizar`,
  text: `Rosa Díaz pide material.\nÁbrela en http://localhost:8080/dashboard/requests/${n}`,
});

const pending = async () =>
  (
    await t.db.query<{ id: string; attempts: number; sent: boolean; given_up: boolean; last_error: string | null; wait_s: number }>(
      `SELECT id::text, attempts, sent_at IS NOT NULL AS sent, given_up_at IS NOT NULL AS given_up, last_error,
              round(extract(epoch FROM next_attempt_at - now()))::int AS wait_s
         FROM mail_outbox ORDER BY id`,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  mailConfig = { mail: { smtpUrl: smtp.url, from: FROM } };
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.query('DELETE FROM mail_outbox');
  smtp.received.length = 0;
  smtp.refusing = false;
  errors.length = 0;
});

test('a mail queued with a change that commits arrives once, as written, from MAIL_FROM', async () => {
  await withTransaction(t.db, (trx) => queueMail(trx, mailConfig, [aMail(1, 'rosa.diaz@cecati.edu.mx')]));
  const send = smtpSender(smtp.url);
  try {
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(1);
    // Nothing left to send: a second round sends nothing again.
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(0);
  } finally {
    send.close();
  }
  const [mail] = await smtp.waitFor(1);
  expect(smtp.received).toHaveLength(1);
  expect(mail.subject).toBe('Solicitud SOL-000001 por autorizar');
  expect(mail.from?.value).toEqual([{ address: 'almacen@cecati.edu.mx', name: 'Almacén CECATI' }]);
  expect(mail.to).toMatchObject({ value: [{ address: 'rosa.diaz@cecati.edu.mx', name: '' }] });
  expect(mail.text?.trim()).toBe('Rosa Díaz pide material.\nÁbrela en http://localhost:8080/dashboard/requests/1');
  expect(await pending()).toEqual([expect.objectContaining({ attempts: 1, sent: true, last_error: null })]);
});

test('a change that rolls back takes its mail with it; without SMTP_URL nothing is queued', async () => {
  await expect(
    withTransaction(t.db, async (trx) => {
      await queueMail(trx, mailConfig, [aMail(2)]);
      throw new Error('la solicitud no se guardó');
    }),
  ).rejects.toThrow('la solicitud no se guardó');
  expect(await withTransaction(t.db, (trx) => queueMail(trx, { mail: { smtpUrl: null, from: FROM } }, [aMail(3)]))).toBe(0);
  // A person without an address is not written to.
  expect(await withTransaction(t.db, (trx) => queueMail(trx, mailConfig, [aMail(4, '  ')]))).toBe(0);
  expect(await pending()).toEqual([]);
});

test('a server that refuses: the mail waits a minute, then two, and arrives once the server is back', async () => {
  await withTransaction(t.db, (trx) => queueMail(trx, mailConfig, [aMail(5)]));
  const send = smtpSender(smtp.url);
  try {
    smtp.refusing = true;
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(0);
    let [row] = await pending();
    expect(row).toMatchObject({ attempts: 1, sent: false, given_up: false });
    expect(row.last_error).toMatch(/451/);
    expect(row.wait_s).toBeGreaterThanOrEqual(58);
    expect(row.wait_s).toBeLessThanOrEqual(60);
    expect(errors).toEqual([
      expect.stringMatching(/^No se pudo enviar el correo \d+ a persona5@cecati\.edu\.mx \(intento 1\); se reintentará en 60 s: /),
    ]);
    // Not due yet: the next round leaves it alone.
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(0);
    expect((await pending())[0].attempts).toBe(1);

    // Due again, still refused: the wait doubles.
    await t.db.query('UPDATE mail_outbox SET next_attempt_at = now()');
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(0);
    [row] = await pending();
    expect(row.attempts).toBe(2);
    expect(row.wait_s).toBeGreaterThanOrEqual(118);

    // The server is back.
    smtp.refusing = false;
    await t.db.query('UPDATE mail_outbox SET next_attempt_at = now()');
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(1);
  } finally {
    send.close();
  }
  expect((await smtp.waitFor(1)).map((m) => m.subject)).toEqual(['Solicitud SOL-000005 por autorizar']);
  expect(await pending()).toEqual([expect.objectContaining({ attempts: 3, sent: true, last_error: null })]);
});

test('the waits: 1, 2, 4… minutes, never more than an hour; given up after the last attempt, kept with its error', async () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  await withTransaction(t.db, (trx) => queueMail(trx, mailConfig, [aMail(6)]));
  await t.db.query('UPDATE mail_outbox SET attempts = $1', [MAX_ATTEMPTS - 1]);
  smtp.refusing = true;
  const send = smtpSender(smtp.url);
  try {
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(0);
    await t.db.query('UPDATE mail_outbox SET next_attempt_at = now()');
    expect(await sendDueMail(t.db, send, FROM, log)).toBe(0);
  } finally {
    send.close();
  }
  expect(await pending()).toEqual([expect.objectContaining({ attempts: MAX_ATTEMPTS, sent: false, given_up: true })]);
  expect(errors.at(-1)).toMatch(new RegExp(`tras ${MAX_ATTEMPTS} intentos; no se intentará de nuevo`));
});

test('two copies of the API sending at once: every mail arrives exactly once', async () => {
  await withTransaction(t.db, (trx) =>
    queueMail(
      trx,
      mailConfig,
      Array.from({ length: 45 }, (_, i) => aMail(100 + i)),
    ),
  );
  const senders = [
    startMailSender({ db: t.db, config: mailConfig, log, tickMs: 50 }),
    startMailSender({ db: t.db, config: mailConfig, log, tickMs: 50 }),
  ];
  try {
    await smtp.waitFor(45);
    // A little longer, for a duplicate to show up if there were one.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    await Promise.all(senders.map((s) => s.stop()));
  }
  const subjects = smtp.received.map((m) => m.subject).sort();
  expect(subjects).toEqual(Array.from({ length: 45 }, (_, i) => aMail(100 + i).subject).sort());
  expect((await pending()).every((row) => row.sent && row.attempts === 1)).toBe(true);
});

test('wake() sends what a change just queued without waiting for the next round', async () => {
  const sender = startMailSender({ db: t.db, config: mailConfig, log, tickMs: 3_600_000 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await withTransaction(t.db, (trx) => queueMail(trx, mailConfig, [aMail(7)]));
    sender.wake();
    expect((await smtp.waitFor(1, 5_000)).map((m) => m.subject)).toEqual(['Solicitud SOL-000007 por autorizar']);
  } finally {
    await sender.stop();
  }
});

test('SMTP_URL and MAIL_FROM are checked at start, each with its Spanish message', () => {
  const base = { DATABASE_URL: 'postgres://localhost/almacen', PUBLIC_URL: 'https://almacen.cecati.edu.mx' };
  expect(loadConfig(base).mail).toEqual({ smtpUrl: null, from: 'Almacén <almacen@almacen.cecati.edu.mx>' });
  expect(loadConfig({ ...base, SMTP_URL: 'smtps://avisos:secreto@correo.cecati.edu.mx', MAIL_FROM: 'avisos@cecati.edu.mx' }).mail).toEqual({
    smtpUrl: 'smtps://avisos:secreto@correo.cecati.edu.mx',
    from: 'avisos@cecati.edu.mx',
  });
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };
  expect(problems({ SMTP_URL: 'http://correo.cecati.edu.mx' })).toEqual(['SMTP_URL debe ser una URL smtp:// o smtps://.']);
  expect(problems({ MAIL_FROM: 'Almacén' })).toEqual([
    'MAIL_FROM debe ser una dirección de correo, p. ej. "Almacén <almacen@escuela.edu.mx>" (recibido: "Almacén").',
  ]);
});
