import type { MailMessage } from './mailer.ts';

/** The mail that carries an invitation link to the invited address. */
export function invitationMail(options: {
  to: string;
  workspace: string;
  role: string;
  invitedBy: string | undefined;
  url: string;
  expiresAt: Date;
}): MailMessage {
  const who = options.invitedBy === undefined ? 'An admin' : options.invitedBy;
  return {
    to: options.to,
    subject: `You are invited to ${options.workspace} on Skillset`,
    text: [
      `${who} invited you to the workspace ${options.workspace} on Skillset, as ${options.role}.`,
      '',
      `Join: ${options.url}`,
      '',
      `The link works once and expires on ${options.expiresAt.toUTCString()}.`,
      'Following it also confirms that this address is yours.',
      'If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
  };
}

/** The mail that carries a one-time sign-in link to an account's own address. */
export function signInMail(options: { to: string; url: string; expiresAt: Date }): MailMessage {
  return {
    to: options.to,
    subject: 'Your Skillset sign-in link',
    text: [
      'Sign in to Skillset with this one-time link:',
      '',
      options.url,
      '',
      `It works once and expires on ${options.expiresAt.toUTCString()}.`,
      'If you did not ask for it, ignore this mail: nobody can use it without your mailbox.',
    ].join('\n'),
  };
}
