// A real SMTP server for the tests (smtp-server, on a free loopback port): it keeps every message
// it accepted, parsed, and can be told to refuse for a while (a mail server that is down).
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ParsedMail[];
  /** While true, every recipient is refused with a 451 (try again later). */
  refusing: boolean;
  /** Resolves when `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const smtp: TestSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    refusing: false,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (smtp.received.length < count) {
        if (Date.now() > until) throw new Error(`Llegaron ${smtp.received.length} correos de ${count}.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return smtp.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!smtp.refusing) return callback();
      callback(Object.assign(new Error('Buzón no disponible por ahora'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          smtp.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return smtp;
}
