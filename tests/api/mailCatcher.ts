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
  /** The Message-ID header ('' without one). */
  messageId: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> for SMTP_URL / nodemailer. */
  url: string;
  /** Every message accepted so far, in arrival order. */
  messages: CaughtMail[];
  /** Every message refused so far (refuseNext), in arrival order. */
  refused: CaughtMail[];
  /** Refuse the next `n` messages with this SMTP answer (e.g. 451 for a temporary failure). */
  refuseNext(n: number, code?: number, message?: string): void;
  /**
   * Answer the next `n` messages' data only after `ms` (a slow server): each is accepted, and
   * listed in `messages`, when the answer goes, whether or not the client still waits for it.
   */
  delayNext(n: number, ms: number): void;
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** `onMail`: called with each message accepted (the browser tests' server writes them to files). */
export async function startMailCatcher(onMail?: (mail: CaughtMail) => void): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const refused: CaughtMail[] = [];
  let refusals: { left: number; code: number; message: string } = { left: 0, code: 451, message: 'try again later' };
  let delays = { left: 0, ms: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refusal = refusals.left > 0 ? { ...refusals } : undefined;
        if (refusal) refusals.left--;
        const delay = !refusal && delays.left > 0 ? delays.ms : 0;
        if (delay) delays.left--;
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
              messageId: parsed.messageId ?? '',
            };
            if (refusal) {
              refused.push(mail);
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
              return;
            }
            const accept = () => {
              messages.push(mail);
              onMail?.(mail);
              callback();
            };
            if (delay) setTimeout(accept, delay);
            else accept();
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
    refused,
    refuseNext(n, code = 451, message = 'try again later') {
      refusals = { left: n, code, message };
    },
    delayNext(n, ms) {
      delays = { left: n, ms };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
