// A real SMTP server in the test process (smtp-server, on 127.0.0.1 at a free port, no auth, no
// TLS) that parses what arrives (mailparser), for the tests of mail: what the worker sends goes
// through nodemailer and SMTP exactly as it would to a real relay.
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Raw header lines, for checks of what a header holds. */
  headerLines: string[];
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> for SMTP_URL / nodemailer. */
  url: string;
  /** Every message accepted so far, in arrival order. */
  messages: CaughtMail[];
  /** Refuse the next `n` messages with this SMTP answer (e.g. 451 for a temporary failure). */
  refuseNext(n: number, code?: number, message?: string): void;
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** `onMail`: called with each message accepted (the browser tests' server writes them to files). */
export async function startMailCatcher(onMail?: (mail: CaughtMail) => void): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let refusals: { left: number; code: number; message: string } = { left: 0, code: 451, message: 'try again later' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals.left--;
          const error = Object.assign(new Error(refusals.message), { responseCode: refusals.code });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: CaughtMail = {
              recipients: session.envelope.rcptTo.map((r) => r.address),
              from: addresses(parsed.from)[0] ?? '',
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headerLines: parsed.headerLines.map((h) => h.line),
            };
            messages.push(mail);
            onMail?.(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(n, code = 451, message = 'try again later') {
      refusals = { left: n, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
