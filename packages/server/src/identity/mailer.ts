import type { MailConfig } from '../config/identity-config.ts';
import { createMailThrottle } from './mail-throttle.ts';

/** One message to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; the server mails invitations and sign-in links only to the address they are for. */
export interface Mailer {
  /** Sends the message; false when it was held back (too many mails to that address lately). */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

/**
 * A mailer over SMTP with nodemailer, loaded on the first message; at most five mails per
 * address per hour, so nobody can use the server to flood a mailbox.
 */
export function createSmtpMailer(config: MailConfig): Mailer {
  const throttle = createMailThrottle();
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then((nodemailer) =>
      nodemailer.createTransport(config.smtpUrl),
    );
    return transport;
  };
  return {
    async send(message) {
      if (!throttle.allow(message.to)) return false;
      await (await open()).sendMail({ from: config.from, ...message });
      return true;
    },
    close() {
      transport?.then((opened) => opened.close()).catch(() => {});
    },
  };
}
