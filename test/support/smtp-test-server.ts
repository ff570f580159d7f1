import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the test server received. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps every mail it receives, for tests of mailed links. */
export interface SmtpTestServer extends AsyncDisposable {
  /** `smtp://user:password@127.0.0.1:<port>`, for `SKILLSET_SMTP_URL`. */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `address` (waits up to `timeoutMs`), and the first link in it. */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail & { link: string }>;
  close(): Promise<void>;
}

const USER = 'skillset';
const PASSWORD = 'mail-password';

/** Starts the SMTP server; it requires the credentials in its URL, as a real relay would. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const seen = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    mails,
    async nextMailTo(address, timeoutMs = 10_000) {
      const key = address.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const from = seen.get(key) ?? 0;
        const index = mails.findIndex((mail, at) => at >= from && mail.to.includes(key));
        if (index >= 0) {
          seen.set(key, index + 1);
          const mail = mails[index] as ReceivedMail;
          const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
          if (link === undefined)
            throw new Error(`the mail to ${address} has no link: ${mail.text}`);
          return { ...mail, link };
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
